/**
 * What the in-browser benches (calendar, listing) share: the built dashboard started with the
 * bench pages on and no reference service, one bench page open in headless Chromium, timed
 * runs, and how their figures print.
 */
import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../scripts/find-chromium.mjs";
import { ROOT, SetupError, freePort, start, stopChildren, waitFor } from "./servers";

/** Wall-time cap once the build is done (exit 3). */
const MAX_TOTAL_SECONDS = 300;
export const WARMUP_RUNS = 3;
const VIEWPORT = { width: 1400, height: 900 };

/** BENCH_RUNS, 30 by default, kept within 20–200. */
export function runsFromEnv(): number {
  const raw = Number(process.env.BENCH_RUNS ?? 30);
  return Number.isFinite(raw) ? Math.min(200, Math.max(20, Math.round(raw))) : 30;
}

export const f = (n: number, digits = 1) => n.toFixed(digits);

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))]!;
}

export type Timings = { median: number; p99: number; min: number; max: number };

/** WARMUP_RUNS untimed runs, then `runs` timed ones; `once(seed)` answers its own ms. */
export async function timeRuns(once: (seed: number) => Promise<number>, runs: number): Promise<Timings> {
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

/** The figures, an optional detail line, and whether the median meets the target. */
export function printTimings(title: string, figures: Timings, runs: number, target: number, detail?: string) {
  console.log(`\n${title} (ms):`);
  console.log(
    `  median ${f(figures.median)}   p99 ${f(figures.p99)}   min ${f(figures.min)}   max ${f(figures.max)}   (${runs} runs)`,
  );
  if (detail !== undefined) console.log(`  ${detail}`);
  console.log(
    `  target: median ≤ ${target} ms: ${figures.median <= target ? "met" : "NOT MET"} (${f(figures.median)} ms)`,
  );
}

/**
 * Builds the dashboard if needed, starts `next start` on a free loopback port with
 * ENABLE_BENCH_PAGES=1 (data in .data/<dataDir>), opens `pagePath` in headless Chromium, waits
 * for the page to say it is ready (body[data-bench-ready='1']), prints the machine line and
 * hands the page to `measure`. The browser is closed afterwards; the server is the caller's
 * `runBench` to stop.
 */
export async function withBenchPage(
  dataDir: string,
  pagePath: string,
  measure: (page: Page) => Promise<void>,
): Promise<void> {
  const executablePath = findChromium();
  if (!executablePath) throw new SetupError("No Chromium found (set PLAYWRIGHT_CHROMIUM_EXECUTABLE).");
  const buildScript = pathToFileURL(path.join(ROOT, "scripts", "build-if-needed.mjs")).href;
  const { buildIfNeeded } = (await import(buildScript)) as {
    buildIfNeeded: (options: { benchPages: boolean }) => void;
  };
  buildIfNeeded({ benchPages: true });

  const watchdog = setTimeout(() => {
    console.error(`\nThe bench exceeded its time cap (${MAX_TOTAL_SECONDS} s); stopping.`);
    void stopChildren().finally(() => process.exit(3));
  }, MAX_TOTAL_SECONDS * 1000);
  watchdog.unref();

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  mkdirSync(path.join(ROOT, ".data", dataDir), { recursive: true });
  const dashboard = start(
    "The dashboard",
    ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"],
    {
      ENABLE_BENCH_PAGES: "1",
      // Never reached: the page makes its data in the browser. Set so nothing defaults to a live port.
      SANDBOX_PORT: String(await freePort()),
      SVC_BASE_URL: "",
      DASHBOARD_ORIGIN: "",
      DATA_DIR: `.data/${dataDir}`,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
    },
  );
  await waitFor(`${base}/sign-in`, dashboard, 120_000);

  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
    const page = await browser.newPage({ viewport: VIEWPORT });
    const response = await page.goto(`${base}${pagePath}`);
    if (response?.status() !== 200) {
      throw new SetupError(`${pagePath} answered ${response?.status()}; is ENABLE_BENCH_PAGES passed?`);
    }
    await page.waitForSelector("body[data-bench-ready='1']", { timeout: 30_000 });
    console.log(
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? "CPU"}, Chromium ${browser.version()} headless, viewport ${VIEWPORT.width}×${VIEWPORT.height}.`,
    );
    await measure(page);
  } finally {
    clearTimeout(watchdog);
    await browser?.close();
  }
}
