/**
 * `npm run bench:market`: the market page's two charts in headless Chromium. A BENCHMARK, not
 * a test: it prints figures and asserts nothing (exit 0 whatever the figures; 1 when it could
 * not set up; 3 at its time cap).
 *
 * It builds the dashboard if needed (do not run it beside another build of this checkout),
 * starts `next start` on a free loopback port with ENABLE_BENCH_PAGES=1 (no reference service:
 * the page makes its data in the browser), opens /bench/market and, through the page's
 * `window.marketBench`, times a market time series with 3 overlaid bedroom groups over 27
 * months and a distribution (10 buckets, 5 percentiles, 10 of my listings placed): answers in
 * hand → series and bars drawn (the charts measure their box first) and painted, BENCH_RUNS
 * times after warm-ups, and prints median and p99 against the target; then each chart alone.
 * Env: BENCH_RUNS (30, 20–200). Bounded: 300 s once the server starts. See bench/README.md.
 */
// Also brings in the `window.marketBench` declaration.
import type { BenchPart } from "../app/bench/market/market-bench";
import { WARMUP_RUNS, f, printTimings, runsFromEnv, timeRuns, withBenchPage } from "./browser";
import { ROOT, runBench } from "./servers";

process.chdir(ROOT);

const TARGET_MS = 50;

async function main(): Promise<number> {
  await withBenchPage("bench-market", "/bench/market", async (page) => {
    const runs = runsFromEnv();
    console.log(`${WARMUP_RUNS} warm-up + ${runs} runs, synthetic data made in the page.`);
    const measure = (part: BenchPart) =>
      timeRuns(
        (seed) => page.evaluate(([s, p]) => window.marketBench!.render(s, p), [seed, part] as const),
        runs,
      );

    const both = await measure("both");
    const lines = await page.locator("[data-testid='bench-trend'] .recharts-line-curve").count();
    const rows = await page.locator("[data-testid='bench-trend'] table tbody tr").count();
    const bars = await page.locator("[data-testid='bench-distribution'] .recharts-bar-rectangle").count();
    const dots = await page.locator("[data-testid='bench-distribution'] .distribution-mine").count();
    printTimings(
      "Market time series (3 groups × 27 months) and distribution: answers in hand → drawn and painted",
      both,
      runs,
      TARGET_MS,
      `drawn: ${lines} medians with their bands over ${rows} months; ${bars} bars, ${dots} of my listings, 5 percentiles`,
    );
    // Each chart alone, to tell where the time goes (no target of their own).
    for (const part of ["trend", "distribution"] as const) {
      const alone = await measure(part);
      console.log(
        `  ${part === "trend" ? "time series alone " : "distribution alone"}: median ${f(alone.median)}   p99 ${f(alone.p99)} ms`,
      );
    }
  });
  return 0;
}

await runBench(main);
