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
// Also brings in the `window.calendarBench` declaration.
import type { ScrollFigures } from "../components/sets/calendar/calendar-bench";
import { WARMUP_RUNS, f, printTimings, runsFromEnv, timeRuns, withBenchPage } from "./browser";
import { ROOT, runBench } from "./servers";

process.chdir(ROOT);

const RENDER_TARGET_MS = 100;
const LONG_TASK_MS = 50;
/** Slow and fast scrolling: 2 and 10 columns of 28 px a frame. */
const SCROLL_STEPS = [56, 280];

async function main(): Promise<number> {
  await withBenchPage("bench-calendar", "/bench/set-calendar", async (page) => {
    const runs = runsFromEnv();
    console.log(
      `Workload: 25 members × 365 nights (9,125 cells; synthetic), ${WARMUP_RUNS} warm-up + ${runs} runs.`,
    );

    const render = (seed: number) => page.evaluate((s) => window.calendarBench!.render(s), seed);
    const times = await timeRuns(render, runs);
    const cells = await page.locator('[role="gridcell"]').count();
    const rowcount = await page.getByRole("grid").getAttribute("aria-rowcount");
    const colcount = await page.getByRole("grid").getAttribute("aria-colcount");
    printTimings(
      "Data in hand → grid painted",
      times,
      runs,
      RENDER_TARGET_MS,
      `grid: aria-rowcount ${rowcount}, aria-colcount ${colcount}; ${cells} cells in the DOM (virtualised)`,
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
  });
  return 0;
}

await runBench(main);
