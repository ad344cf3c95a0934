/**
 * `npm run bench:portfolio`: the portfolio calendar and the Listings page at 1,500 listings,
 * next to the same at the owner's 34, in one run. A BENCHMARK, not a test: it prints figures
 * and asserts nothing (exit 0 whatever the figures; 1 when it could not set up; 3 at its cap).
 *
 * 1. In the browser, synthetic data (the service is not the subject): /bench/portfolio-calendar
 *    renders the grid from 1,500 (then 34) listings × 365 nights in hand → first screen
 *    painted, median and p99; scrolls to the last night and the last row at a wheel's pace
 *    (100 px a frame) while a PerformanceObserver records long tasks over 50 ms; reads the JS
 *    heap after the scroll (after a garbage collection, through the DevTools protocol).
 * 2. Against the reference service, as `portfolio_manager` (1,500 listings) and as `owner`
 *    (34), through a counting forwarder: the upstream requests to open /calendar and to
 *    scroll to the bottom in 20 stops (price calendars against the rows that came into view, listing
 *    pages, others, and the most in flight at once), and the Listings page's first load.
 * Env: BENCH_RUNS (30, 20–200), BENCH_PARTS (`browser`, `service`; both by default). Bounded: loopback only; 300 s for part 1, 10 min for part 2.
 */
import { chromium, type Page } from "@playwright/test";
import type { ScrollFigures } from "../components/ui/grid-scroll-bench";
// Also brings in the `window.portfolioBench` declaration.
import type {} from "../components/calendar/portfolio-bench";
import { CHROMIUM_ARGS, findChromium } from "../scripts/find-chromium.mjs";
import { WARMUP_RUNS, f, printTimings, runsFromEnv, timeRuns, withBenchPage, type Timings } from "./browser";
import { ROOT, SetupError, runBench, stopChildren } from "./servers";
import { signedInState, startStack, type Stack } from "./stack";

process.chdir(ROOT);

const LARGE = 1500;
const SMALL = 34;
const RENDER_TARGET_MS = 100;
const HEAP_TARGET_MB = 150;
/** A wheel's pace: about one notch (100 px) a frame, across and down. */
const WHEEL_PX = 100;
const LISTINGS_TARGET = 3;
/** Stops on the way from the top row to the bottom one. */
const STOPS = 20;

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = (await cdp.send("Runtime.getHeapUsage")) as { usedSize: number };
  await cdp.detach();
  return usedSize / 1024 / 1024;
}

async function inTheBrowser() {
  const figures: Record<number, { render: Timings; scroll: ScrollFigures; heap: number }> = {};
  await withBenchPage("bench-portfolio", "/bench/portfolio-calendar", async (page) => {
    const runs = runsFromEnv();
    for (const listings of [LARGE, SMALL]) {
      const render = (seed: number) =>
        page.evaluate(([n, s]) => window.portfolioBench!.render(n!, s!), [listings, seed]);
      const timings = await timeRuns(render, runs);
      const cells = await page.locator('[role="gridcell"]').count();
      printTimings(
        `${listings.toLocaleString("en")} listings × 365 nights (synthetic, ${WARMUP_RUNS} warm-up + ${runs} runs): data in hand → first screen painted`,
        timings,
        runs,
        RENDER_TARGET_MS,
        `${cells} cells in the DOM of ${(listings * 365).toLocaleString("en")} (virtualised both ways)`,
      );
      const scroll = await page.evaluate((step) => window.portfolioBench!.scroll(step, step), WHEEL_PX);
      const heap = await heapMb(page);
      console.log(
        `  scroll to the last night, then the last row, ${WHEEL_PX} px a frame: ${scroll.frames} frames in ${f(scroll.durationMs, 0)} ms; ` +
          `long tasks over 50 ms: ${scroll.longTasks}${scroll.longTasks ? ` (longest ${f(scroll.longestTaskMs)} ms)` : ""}; longest frame ${f(scroll.maxFrameMs)} ms`,
      );
      console.log(
        `  JS heap after the scroll: ${f(heap)} MB (target ≤ ${HEAP_TARGET_MB} MB: ${heap <= HEAP_TARGET_MB ? "met" : "NOT MET"})`,
      );
      figures[listings] = { render: timings, scroll, heap };
    }
    const large = figures[LARGE]!;
    const small = figures[SMALL]!;
    console.log(
      `\nRatio ${LARGE} / ${SMALL} listings: first screen ${f(large.render.median / small.render.median, 2)}×, heap ${f(large.heap / small.heap, 2)}×.`,
    );
  });
}

interface ServiceFigures {
  rows: number;
  seenRows: number;
  openCalendars: number;
  scrollCalendars: number;
  listingPages: number;
  other: number;
  peak: number;
  listingsFirstLoad: number;
}

const kind = (request: string) =>
  /\/price_calendar$/.test(request) ? "calendar" : /^GET \/listings$/.test(request) ? "pages" : "other";

async function asPersona(stack: Stack, persona: string): Promise<ServiceFigures> {
  const executablePath = findChromium();
  if (!executablePath) throw new SetupError("No Chromium found (set PLAYWRIGHT_CHROMIUM_EXECUTABLE).");
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
  try {
    const state = await signedInState(browser, stack.base, persona);
    const context = await browser.newContext({ storageState: state, viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    const { counter } = stack;

    const step = (what: string) => process.env.BENCH_VERBOSE && console.log(`    [${persona}] ${what}`);
    step("signed in");
    // Open the calendar: the first screen's rows and nothing else.
    let mark = counter.count();
    counter.resetPeak();
    await page.goto(`${stack.base}/calendar`);
    const grid = page.getByTestId("portfolio-grid");
    await grid.waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-row-state="loading"]'), null, {
      timeout: 60_000,
    });
    await page.waitForTimeout(500);
    const opened = counter.since(mark);
    const rows = Number(await page.getByTestId("portfolio-calendar").getAttribute("data-rows"));

    step(`calendar opened: ${opened.length} requests`);
    // Scroll to the bottom in 20 stops, letting the rows at each stop load (a reader skimming
    // the portfolio), noting every row that came into view.
    mark = counter.count();
    const seen = new Set<number>();
    for (let stop = 1; stop <= STOPS; stop++) {
      await grid.evaluate((el, at) => {
        el.scrollTop = (at * (el.scrollHeight - el.clientHeight)) / 20;
      }, stop);
      await page
        .waitForFunction(() => !document.querySelector('[data-row-state="loading"]'), null, {
          timeout: 20_000,
        })
        .catch(() => undefined);
      const inView = await grid.evaluate((el) => {
        const view = el.getBoundingClientRect();
        return [...el.querySelectorAll('[role="row"][aria-rowindex]')]
          .filter((row) => {
            const box = row.getBoundingClientRect();
            return box.bottom > view.top + 50 && box.top < view.bottom;
          })
          .map((row) => Number(row.getAttribute("aria-rowindex")));
      });
      for (const r of inView) seen.add(r);
      step(`stop ${stop}: ${inView.length} rows in view, ${counter.count() - mark} requests so far`);
    }
    const seenRows = seen.size;
    const stillLoading = await page.locator('[data-row-state="loading"]').count();
    step(`scrolled in ${STOPS} stops; ${stillLoading} rows still loading`);
    await page.waitForTimeout(500);
    const scrolled = counter.since(mark);
    const peak = counter.peak();

    step(`scrolled: ${scrolled.length} requests`);
    // The Listings page's first load, in a fresh tab of the same session.
    const listingsPage = await context.newPage();
    mark = counter.count();
    await listingsPage.goto(`${stack.base}/listings`);
    await listingsPage
      .getByTestId("portfolio")
      .and(listingsPage.locator('[data-state="ready"]'))
      .waitFor({ timeout: 60_000 });
    await listingsPage.waitForTimeout(500);
    const listingsFirstLoad = counter.since(mark).filter((r) => !/notifications|memberships/.test(r)).length;

    const all = [...opened, ...scrolled];
    return {
      rows,
      seenRows,
      openCalendars: opened.filter((r) => kind(r) === "calendar").length,
      scrollCalendars: scrolled.filter((r) => kind(r) === "calendar").length,
      listingPages: all.filter((r) => kind(r) === "pages").length,
      other: all.filter((r) => kind(r) === "other").length,
      peak,
      listingsFirstLoad,
    };
  } finally {
    await browser.close();
  }
}

async function againstTheService() {
  const cap = setTimeout(() => {
    console.error("\nThe service part exceeded its time cap (15 min); stopping.");
    void stopChildren().finally(() => process.exit(3));
  }, 900_000);
  cap.unref();
  const stack = await startStack("bench-portfolio-stack");
  console.log("\nAgainst the reference service (through a counting forwarder):");
  const results: Record<string, ServiceFigures> = {};
  for (const persona of ["portfolio_manager", "owner"]) {
    const r = await asPersona(stack, persona);
    results[persona] = r;
    console.log(
      `  ${persona} (${r.rows.toLocaleString("en")} rows): open /calendar → ${r.openCalendars} price calendars; ` +
        `scroll to the bottom in ${STOPS} stops → ${r.scrollCalendars} more for ${r.seenRows} rows that came into view; ` +
        `${r.listingPages} listing pages, ${r.other} other requests; most in flight at once ${r.peak} (target ≤ 4)`,
    );
    console.log(
      `    Listings page first load: ${r.listingsFirstLoad} upstream requests (target ≤ ${LISTINGS_TARGET}: ${r.listingsFirstLoad <= LISTINGS_TARGET ? "met" : "NOT MET"})`,
    );
  }
  const large = results.portfolio_manager!;
  const small = results.owner!;
  console.log(
    `  Ratio ${large.rows} / ${small.rows} rows: calendars read ${f((large.openCalendars + large.scrollCalendars) / Math.max(1, small.openCalendars + small.scrollCalendars), 2)}×, ` +
      `Listings first load ${f(large.listingsFirstLoad / Math.max(1, small.listingsFirstLoad), 2)}×.`,
  );
}

/** BENCH_PARTS: `browser`, `service` or both (the default). */
const PARTS = process.env.BENCH_PARTS ?? "browser,service";

async function main(): Promise<number> {
  if (PARTS.includes("browser")) await inTheBrowser();
  if (PARTS.includes("service")) await againstTheService();
  return 0;
}

await runBench(main);
