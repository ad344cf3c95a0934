/**
 * `npm run bench:listing`: the listing workspace's two heavy views in headless Chromium. A
 * BENCHMARK, not a test: it prints figures and asserts nothing (exit 0 whatever the figures;
 * 1 when it could not set up; 3 at its time cap).
 *
 * It builds the dashboard if needed (do not run it beside another build of this checkout),
 * starts `next start` on a free loopback
 * port with ENABLE_BENCH_PAGES=1 (no reference service: the page makes its data in the
 * browser), opens /bench/listing and, through the page's `window.listingBench`, times
 *   1. the 12-month price calendar: a year of synthetic answers in hand → the calendar model
 *      built, the night details and 12 month tables committed and painted (two frames later);
 *   2. the KPI chart (`KpiChart`) with 27 monthly points: points in hand → every bar drawn
 *      (the chart measures its box first) and painted;
 * each BENCH_RUNS times after warm-ups, and prints median and p99 against the targets.
 * Env: BENCH_RUNS (30, 20–200). Bounded: 300 s once the server starts. See bench/README.md.
 */
import type { Page } from "@playwright/test";
// Also brings in the `window.listingBench` declaration.
import type { ListingBenchApi } from "../app/bench/listing/listing-bench";
import { WARMUP_RUNS, printTimings, runsFromEnv, timeRuns, withBenchPage } from "./browser";
import { ROOT, runBench } from "./servers";

process.chdir(ROOT);

const TARGETS = { calendar: 100, kpiChart: 50 } as const;

function measure(page: Page, which: keyof ListingBenchApi, runs: number) {
  const once = (seed: number) =>
    page.evaluate(([w, s]) => window.listingBench![w](s), [which, seed] as const);
  return timeRuns(once, runs);
}

async function main(): Promise<number> {
  await withBenchPage("bench-listing", "/bench/listing", async (page) => {
    const runs = runsFromEnv();
    console.log(`Each view: ${WARMUP_RUNS} warm-up + ${runs} runs, synthetic data made in the page.`);

    const calendar = await measure(page, "calendar", runs);
    const nights = await page.locator("[data-testid='bench-calendar'] [data-date]").count();
    const months = await page.locator("[data-testid='bench-calendar'] table[data-month]").count();
    printTimings(
      `12-month price calendar: answers in hand → model built, ${months} months / ${nights} nights painted`,
      calendar,
      runs,
      TARGETS.calendar,
    );

    const chart = await measure(page, "kpiChart", runs);
    const bars = await page.locator("[data-testid='bench-kpi-chart'] .recharts-bar-rectangle").count();
    printTimings(
      `KPI chart: 27 points in hand → ${bars} bars drawn and painted`,
      chart,
      runs,
      TARGETS.kpiChart,
    );
  });
  return 0;
}

await runBench(main);
