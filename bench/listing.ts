/**
 * `npm run bench:listing`: the listing workspace's two heavy views in headless Chromium. A
 * BENCHMARK, not a test: it prints figures and asserts nothing (exit 0 whatever the figures;
 * 1 when it could not set up; 3 at its time cap).
 *
 * Under the machine-wide e2e lock (`flock $BENCH_LOCK`, default /tmp/e2e.lock: the build in
 * .next is shared), it builds the dashboard if needed, starts `next start` on a free loopback
 * port with ENABLE_BENCH_PAGES=1 (no reference service: the page makes its data in the
 * browser), opens /bench/listing and, through the page's `window.listingBench`, times
 *   1. the 12-month price calendar: a year of synthetic answers in hand → the calendar model
 *      built, the night details and 12 month tables committed and painted (two frames later);
 *   2. the KPI chart (`KpiChart`) with 27 monthly points: points in hand → every bar drawn
 *      (the chart measures its box first) and painted;
 * each BENCH_RUNS times after warm-ups, and prints median and p99 against the targets.
 * Env: BENCH_RUNS (30, 20–200). Bounded: 300 s once the server starts. See bench/README.md.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "@playwright/test";
// Also brings in the `window.listingBench` declaration.
import type { ListingBenchApi } from "../app/bench/listing/listing-bench";
import { CHROMIUM_ARGS, findChromium } from "../scripts/find-chromium.mjs";
import { ROOT, SetupError, alive, children, start, stopChildren, waitFor } from "./servers";

process.chdir(ROOT);

const LOCK = process.env.BENCH_LOCK ?? "/tmp/e2e.lock";
const LOCK_HELD = "BENCH_LISTING_LOCK_HELD";
const MAX_TOTAL_SECONDS = 300;
const WARMUP_RUNS = 3;
const TARGETS = { calendar: 100, kpiChart: 50 } as const;

/**
 * Runs this script again under `flock`, so a build or a measurement never overlaps another
 * session's end-to-end run on this machine. Returns the child's exit code, or null when the
 * lock is already held (or flock is missing: then it runs unlocked and says so).
 */
function relaunchUnderLock(): number | null {
  if (process.env[LOCK_HELD] === "1") return null;
  const probe = spawnSync("flock", ["--version"], { stdio: "ignore" });
  if (probe.error) {
    console.warn(`flock is not available: running without the ${LOCK} lock.`);
    return null;
  }
  console.log(`Waiting for the lock ${LOCK} (other end-to-end runs finish first)…`);
  const tsx = path.join(ROOT, "node_modules", ".bin", "tsx");
  const result = spawnSync("flock", [LOCK, tsx, path.join("bench", "listing.ts")], {
    stdio: "inherit",
    env: { ...process.env, [LOCK_HELD]: "1" },
  });
  return result.status ?? 1;
}

function runsFromEnv(): number {
  const raw = Number(process.env.BENCH_RUNS ?? 30);
  return Number.isFinite(raw) ? Math.min(200, Math.max(20, Math.round(raw))) : 30;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const f = (n: number, digits = 1) => n.toFixed(digits);
/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))]!;
}

async function measure(
  page: Page,
  which: keyof ListingBenchApi,
  runs: number,
): Promise<{ median: number; p99: number; min: number; max: number }> {
  const once = (seed: number) =>
    page.evaluate(([w, s]) => window.listingBench![w](s), [which, seed] as const);
  for (let i = 0; i < WARMUP_RUNS; i++) await once(1000 + i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await once(i + 1));
  times.sort((a, b) => a - b);
  return {
    median: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    min: times[0]!,
    max: times[times.length - 1]!,
  };
}

function report(title: string, figures: Awaited<ReturnType<typeof measure>>, runs: number, target: number) {
  console.log(`\n${title} (ms):`);
  console.log(
    `  median ${f(figures.median)}   p99 ${f(figures.p99)}   min ${f(figures.min)}   max ${f(figures.max)}   (${runs} runs)`,
  );
  console.log(
    `  target: median ≤ ${target} ms: ${figures.median <= target ? "met" : "NOT MET"} (${f(figures.median)} ms)`,
  );
}

async function main(): Promise<number> {
  const executablePath = findChromium();
  if (!executablePath) throw new SetupError("No Chromium found (set PLAYWRIGHT_CHROMIUM_EXECUTABLE).");
  const buildScript = pathToFileURL(path.join(ROOT, "scripts", "build-if-needed.mjs")).href;
  const { buildIfNeeded } = (await import(buildScript)) as { buildIfNeeded: () => void };
  buildIfNeeded();

  const watchdog = setTimeout(() => {
    console.error(`\nThe bench exceeded its time cap (${MAX_TOTAL_SECONDS} s); stopping.`);
    void stopChildren().finally(() => process.exit(3));
  }, MAX_TOTAL_SECONDS * 1000);
  watchdog.unref();

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  mkdirSync(path.join(ROOT, ".data", "bench-listing"), { recursive: true });
  const dashboard = start(
    "The dashboard",
    ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"],
    {
      ENABLE_BENCH_PAGES: "1",
      // Never reached: the page makes its data in the browser. Set so nothing defaults to a live port.
      SANDBOX_PORT: String(await freePort()),
      SVC_BASE_URL: "",
      DASHBOARD_ORIGIN: "",
      DATA_DIR: ".data/bench-listing",
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
    },
  );
  await waitFor(`${base}/sign-in`, dashboard, 120_000);

  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const response = await page.goto(`${base}/bench/listing`);
    if (response?.status() !== 200) {
      throw new SetupError(`/bench/listing answered ${response?.status()}; is ENABLE_BENCH_PAGES passed?`);
    }
    await page.waitForSelector("body[data-bench-ready='1']", { timeout: 30_000 });

    const runs = runsFromEnv();
    console.log(
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? "CPU"}, Chromium ${browser.version()} headless, viewport 1400×900.`,
    );
    console.log(`Each view: ${WARMUP_RUNS} warm-up + ${runs} runs, synthetic data made in the page.`);

    const calendar = await measure(page, "calendar", runs);
    const nights = await page.locator("[data-testid='bench-calendar'] [data-date]").count();
    const months = await page.locator("[data-testid='bench-calendar'] table[data-month]").count();
    report(
      `12-month price calendar: answers in hand → model built, ${months} months / ${nights} nights painted`,
      calendar,
      runs,
      TARGETS.calendar,
    );

    const chart = await measure(page, "kpiChart", runs);
    const bars = await page.locator("[data-testid='bench-kpi-chart'] .recharts-bar-rectangle").count();
    report(`KPI chart: 27 points in hand → ${bars} bars drawn and painted`, chart, runs, TARGETS.kpiChart);
  } finally {
    await browser?.close();
  }
  return 0;
}

const locked = relaunchUnderLock();
if (locked !== null) process.exit(locked);

let exitCode = 0;
try {
  exitCode = await main();
} catch (error) {
  if (error instanceof SetupError) {
    console.error(`\nThe bench could not run: ${error.message}`);
    exitCode = 1;
  } else {
    console.error(
      `\nThe bench stopped early: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    exitCode = children.length && !children.every(alive) ? 1 : 0;
  }
} finally {
  await stopChildren();
}
process.exit(exitCode);
