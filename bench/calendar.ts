/**
 * `npm run bench:calendar`: the set price calendar heat map in headless Chromium. A BENCHMARK,
 * not a test: it prints figures and asserts nothing (exit 0 whatever the figures; 1 when it
 * could not set up; 3 at its time cap).
 *
 * It builds the dashboard if needed, starts `next start` on a free loopback port with
 * ENABLE_BENCH_PAGES=1 (no reference service: the page makes its data in the browser), opens
 * /bench/set-calendar and, through the page's `window.calendarBench`:
 *   1. renders a synthetic 25-member × 365-night calendar BENCH_RUNS times (after warm-ups),
 *      each time from data in hand (performance.mark before the state is set) to the grid
 *      painted (two animation frames after the commit) → median and p99;
 *   2. scrolls the grid from the first night to the last and from the top row to the bottom,
 *      at two speeds, while a PerformanceObserver('longtask') records → long tasks over
 *      50 ms and the longest.
 * Env: BENCH_RUNS (30, 20–200). Bounded: 300 s once the server starts. See bench/README.md.
 */
import { mkdirSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser } from "@playwright/test";
// Also brings in the `window.calendarBench` declaration.
import type { ScrollFigures } from "../components/sets/calendar/calendar-bench";
import { CHROMIUM_ARGS, findChromium } from "../scripts/find-chromium.mjs";
import { ROOT, SetupError, alive, children, start, stopChildren, waitFor } from "./servers";

process.chdir(ROOT);

const MAX_TOTAL_SECONDS = 300;
const WARMUP_RUNS = 3;
const RENDER_TARGET_MS = 100;
const LONG_TASK_MS = 50;
/** Slow and fast scrolling: 2 and 10 columns of 28 px a frame. */
const SCROLL_STEPS = [56, 280];

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
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))]!;
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
  mkdirSync(path.join(ROOT, ".data", "bench-calendar"), { recursive: true });
  const dashboard = start(
    "The dashboard",
    ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"],
    {
      ENABLE_BENCH_PAGES: "1",
      // Never reached: the page makes its data in the browser. Set so nothing defaults to a live port.
      SANDBOX_PORT: String(await freePort()),
      SVC_BASE_URL: "",
      DASHBOARD_ORIGIN: "",
      DATA_DIR: ".data/bench-calendar",
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
    },
  );
  await waitFor(`${base}/sign-in`, dashboard, 120_000);

  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const response = await page.goto(`${base}/bench/set-calendar`);
    if (response?.status() !== 200) {
      throw new SetupError(
        `/bench/set-calendar answered ${response?.status()}; is ENABLE_BENCH_PAGES passed?`,
      );
    }
    await page.waitForSelector("body[data-bench-ready='1']", { timeout: 30_000 });

    const runs = runsFromEnv();
    console.log(
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? "CPU"}, Chromium ${browser.version()} headless, viewport 1400×900.`,
    );
    console.log(
      `Workload: 25 members × 365 nights (9,125 cells; synthetic), ${WARMUP_RUNS} warm-up + ${runs} runs.`,
    );

    const render = (seed: number) => page.evaluate((s) => window.calendarBench!.render(s), seed);
    for (let i = 0; i < WARMUP_RUNS; i++) await render(1000 + i);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await render(i + 1));
    const cells = await page.locator('[role="gridcell"]').count();
    const rowcount = await page.getByRole("grid").getAttribute("aria-rowcount");
    const colcount = await page.getByRole("grid").getAttribute("aria-colcount");
    times.sort((a, b) => a - b);
    const median = percentile(times, 0.5);
    const p99 = percentile(times, 0.99);
    console.log("\nData in hand → grid painted (ms):");
    console.log(
      `  median ${f(median)}   p99 ${f(p99)}   min ${f(times[0]!)}   max ${f(times[times.length - 1]!)}   (${runs} runs)`,
    );
    console.log(
      `  grid: aria-rowcount ${rowcount}, aria-colcount ${colcount}; ${cells} cells in the DOM (virtualised)`,
    );
    console.log(
      `  target: median ≤ ${RENDER_TARGET_MS} ms: ${median <= RENDER_TARGET_MS ? "met" : "NOT MET"} (${f(median)} ms)`,
    );

    console.log("\nScrolling first night → last night, then top row → bottom row:");
    let worst = 0;
    let over = 0;
    for (const step of SCROLL_STEPS) {
      const figures: ScrollFigures = await page.evaluate((s) => window.calendarBench!.scroll(s), step);
      worst = Math.max(worst, figures.longestTaskMs);
      over += figures.longTasks;
      const longest = figures.longTasks ? `, longest ${f(figures.longestTaskMs)} ms` : "";
      console.log(
        `  ${String(step).padStart(3)} px/frame: ${figures.frames} frames in ${f(figures.durationMs, 0)} ms, ` +
          `long tasks (over ${LONG_TASK_MS} ms): ${figures.longTasks}${longest}; longest frame ${f(figures.maxFrameMs)} ms`,
      );
    }
    console.log(
      `  target: no long task over ${LONG_TASK_MS} ms: ${over === 0 ? "met" : `NOT MET (${over}, longest ${f(worst)} ms)`}`,
    );
  } finally {
    await browser?.close();
  }
  return 0;
}

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
