/**
 * What `bench:pages` measures inside the page: observers installed before any script of the
 * page runs (Playwright's addInitScript), read back once the page has settled.
 */
import type { Browser, Page } from "@playwright/test";

/** One part of a long animation frame: a script (by invoker and file) or the frame's rendering. */
export interface FramePart {
  start: number;
  end: number;
  what: string;
  ms: number;
}

declare global {
  interface Window {
    __pageProbe?: {
      lcp: number;
      cls: number;
      fcp: number;
      longTasks: Array<[start: number, duration: number]>;
      interactions: Array<[start: number, duration: number]>;
      frames: FramePart[][];
    };
  }
}

/**
 * Runs in the page before its own scripts. Plain JavaScript in a string: a compiled function
 * could carry the bundler's helpers (tsx's `__name`), which do not exist in the page.
 */
export const PROBE_SCRIPT = `(() => {
  const probe = { lcp: 0, cls: 0, fcp: 0, longTasks: [], interactions: [], frames: [] };
  window.__pageProbe = probe;
  const watch = (type, take, extra) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(take))
        .observe(Object.assign({ type, buffered: true }, extra || {}));
    } catch {
      // An entry type this browser does not report stays at its zero.
    }
  };
  watch("largest-contentful-paint", (e) => { probe.lcp = e.startTime; });
  watch("paint", (e) => { if (e.name === "first-contentful-paint") probe.fcp = e.startTime; });
  watch("layout-shift", (e) => { if (!e.hadRecentInput) probe.cls += e.value; });
  watch("longtask", (e) => { probe.longTasks.push([e.startTime, e.duration]); });
  // What a long frame was made of: each script with its invoker and file, then the rendering.
  watch("long-animation-frame", (e) => {
    const file = (url) => (url || "").split("/").pop().split("?")[0] || "(inline)";
    const parts = e.scripts.map((s) => ({ start: s.startTime, end: s.startTime + s.duration,
      what: s.invokerType + " " + file(s.sourceURL), ms: s.duration }));
    const end = e.startTime + e.duration;
    const styled = e.styleAndLayoutStart > 0 ? e.styleAndLayoutStart : end;
    if (e.renderStart > 0 && styled > e.renderStart) parts.push({ start: e.renderStart, end: styled,
      what: "frame callbacks (animation frames, observers)", ms: styled - e.renderStart });
    if (e.styleAndLayoutStart > 0) parts.push({ start: styled, end,
      what: "style and layout", ms: end - styled });
    parts.unshift({ start: e.startTime, end, what: "frame", ms: e.duration });
    probe.frames.push(parts);
  });
  watch("event", (e) => { if (e.interactionId) probe.interactions.push([e.startTime, e.duration]); },
    { durationThreshold: 16 });
})();`;

export interface LoadFigures {
  lcp: number;
  /** Total blocking time: each long task's time over 50 ms, after the first contentful paint. */
  tbt: number;
  longestTask: number;
  cls: number;
  /** Compressed bytes of script fetched over the network (0 when served from the cache). */
  scriptBytes: number;
  /** The part of it asked for before the load event: what the page needs to start. */
  scriptBytesAtLoad: number;
  /** The long animation frame holding the longest task, its first part the frame itself. */
  longestTaskParts: FramePart[];
}

/** Waits until no region says it is loading, then a quiet second for late work to show. */
export async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => !document.querySelector('[data-state="loading"], [aria-busy="true"], .animate-pulse'),
      null,
      {
        timeout: 20_000,
        polling: 100,
      },
    )
    .catch(() => undefined); // a page that keeps a skeleton is still measured; its figures show it
  await page.waitForTimeout(1000);
}

export function readLoad(page: Page): Promise<LoadFigures> {
  return page.evaluate(() => {
    const probe = window.__pageProbe!;
    const blocking = probe.longTasks
      .filter(([start]) => start >= probe.fcp)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    const scripts = performance
      .getEntriesByType("resource")
      .filter((r) => (r as PerformanceResourceTiming).initiatorType === "script" || r.name.endsWith(".js"));
    const loaded = (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming)
      .loadEventStart;
    // Inline, no named helper: tsx would wrap one in `__name`, which the page does not have.
    const sizes = scripts.map((r) => [r.startTime, (r as PerformanceResourceTiming).encodedBodySize]);
    const [longStart, longDuration] = probe.longTasks.reduce((max, task) => (task[1] > max[1] ? task : max), [
      0, 0,
    ] as [number, number]);
    // The frame that overlaps the task most (a frame may start before its first long task).
    const holding = probe.frames
      .map((parts) => {
        const frame = parts[0]!;
        const end = Math.min(frame.end, longStart + longDuration);
        return { parts, overlap: end - Math.max(frame.start, longStart) };
      })
      .filter((candidate) => candidate.overlap > 0)
      .sort((a, b) => b.overlap - a.overlap)[0]?.parts;
    return {
      lcp: probe.lcp,
      longestTaskParts: holding ?? [],
      tbt: blocking,
      longestTask: longDuration,
      cls: probe.cls,
      scriptBytes: sizes.reduce((sum, [, size]) => sum + size!, 0),
      scriptBytesAtLoad: sizes.reduce((sum, [start, size]) => sum + (start! < loaded ? size! : 0), 0),
    };
  });
}

export type ControlKind = "tab" | "sort" | "filter" | "choice";

/**
 * Uses the page's main control the way a user would (a tab switch, else a column sort, else
 * typing in a filter, else another option of a segmented control, as the portfolio calendar's
 * "Colour by") and answers the longest interaction the browser's event timing saw
 * (0 when every event took under its 16 ms threshold), or null when the page has none.
 */
export async function interact(page: Page): Promise<{ kind: ControlKind; latency: number } | null> {
  const since = await page.evaluate(() => performance.now());
  const tab = page.locator('[role="tab"][aria-selected="false"]:not([disabled])').first();
  const sort = page.locator("th button").first();
  const filter = page.locator('main input[type="search"], main input[type="text"]').first();
  const choice = page
    .locator('main [role="radiogroup"] input[type="radio"]:not(:checked):not([disabled])')
    .first();
  let kind: ControlKind;
  if (await tab.isVisible().catch(() => false)) {
    kind = "tab";
    await tab.click();
  } else if (await sort.isVisible().catch(() => false)) {
    kind = "sort";
    await sort.click();
  } else if (await filter.isVisible().catch(() => false)) {
    kind = "filter";
    await filter.click();
    await page.keyboard.type("a");
  } else if (await choice.isVisible().catch(() => false)) {
    kind = "choice";
    await choice.click();
  } else {
    return null;
  }
  await page.waitForTimeout(600);
  const latency = await page.evaluate(
    (t) => Math.max(0, ...window.__pageProbe!.interactions.filter(([s]) => s >= t).map(([, d]) => d)),
    since,
  );
  return { kind, latency };
}

/**
 * What this machine costs before any page code: in a fresh page (a new renderer, as a cold
 * load gets), the first `Intl.NumberFormat` a page creates loads the engine's locale data,
 * one call no script can split. Every page formats numbers, so this is a floor under its
 * longest task on this machine. Median of `runs` fresh pages, in ms.
 */
export async function firstNumberFormatMs(browser: Browser, runs = 3): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto("data:text/html,<p>floor</p>");
    times.push(
      await page.evaluate(() => {
        const start = performance.now();
        new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 }).format(1.5);
        return performance.now() - start;
      }),
    );
    await context.close();
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}
