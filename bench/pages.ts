/**
 * `npm run bench:pages`: every page of the dashboard as a user meets it. A BENCHMARK, not a
 * test: it prints figures and asserts nothing (exit 0 whatever the figures; 1 when it could not
 * set up; 3 at its time cap).
 *
 * It builds the dashboard if needed, starts the reference service (in memory, a rate limit no
 * page reaches) and the built dashboard, with a counting forwarder between them so that every
 * upstream request a page causes is counted, server components included. Signed in as the
 * `owner`, it loads each page BENCH_PAGE_RUNS times cold (a new browser context: empty cache)
 * and as many times warm (the same context, loaded once before), each load in headless
 * Chromium, and reads the browser's own figures: largest contentful paint, total blocking
 * time, longest task, cumulative layout shift, compressed script bytes fetched, and upstream
 * requests; then uses the page's main control once (a tab switch, a column sort, a filter or a segmented control's other option)
 * and reads its interaction latency from event timing. One table of medians per page, then
 * the worst page for each figure against the page budgets (docs/page-budgets-decisions.md).
 *
 * Env: BENCH_PAGE_RUNS (5, 1–10), BENCH_PAGES (only pages whose path contains one of these
 * `|`-separated texts, or is exactly a text written `=path`: `=/` is the overview alone),
 * BENCH_WITHOUT (mechanisms to measure by leaving each out, side by side with the build as it
 * is: bench/page-variants.ts).
 * Bounded: loopback only, 40 minutes once the servers are up. See bench/README.md.
 */
import os from "node:os";
import { chromium, type Browser, type BrowserContext } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../scripts/find-chromium.mjs";
import {
  PROBE_SCRIPT,
  firstNumberFormatMs,
  interact,
  readLoad,
  settle,
  type ControlKind,
  type LoadFigures,
} from "./page-probe";
import { benchPages } from "./page-list";
import { applyVariant, variantsFrom, type Variant } from "./page-variants";
import { ROOT, SetupError, runBench } from "./servers";
import { discoverIds, signedInState, startStack } from "./stack";
import type { UpstreamCounter } from "./upstream-counter";

process.chdir(ROOT);

const RUNS = Math.min(10, Math.max(1, Math.round(Number(process.env.BENCH_PAGE_RUNS ?? 5)) || 5));
/** Texts separated by `|`: a page is measured when its path contains one of them, or is it (`=/`). */
const ONLY = (process.env.BENCH_PAGES ?? "").split("|");
const VARIANTS = variantsFrom(process.env.BENCH_WITHOUT);
/** The page column's width: a variant's name follows the path when mechanisms are compared. */
const PAGE_COLUMN = VARIANTS.length > 1 ? 66 : 44;
const MAX_TOTAL_MINUTES = 40;
const VIEWPORT = { width: 1400, height: 900 };
/** The page budgets (docs/page-budgets-decisions.md). */
const BUDGET = { longestTask: 50, scriptKiB: 250, interaction: 100 };

interface Sample extends LoadFigures {
  upstream: number;
}
/** The figures of a sample, the ones a median is taken of. */
type Figure = Exclude<keyof Sample, "longestTaskParts">;
interface PageResult {
  path: string;
  variant: string;
  cold: Sample[];
  warm: Sample[];
  control: { kind: ControlKind; latency: number } | null;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};
const f = (n: number, digits = 0) => n.toFixed(digits);

async function loadOnce(context: BrowserContext, base: string, path: string, counter: UpstreamCounter) {
  const page = await context.newPage();
  try {
    const mark = counter.count();
    await page.goto(`${base}${path}`, { waitUntil: "load" });
    await settle(page);
    const figures = await readLoad(page);
    return { page, sample: { ...figures, upstream: counter.count() - mark } };
  } catch (error) {
    await page.close();
    throw error;
  }
}

async function measurePage(
  browser: Browser,
  state: Awaited<ReturnType<BrowserContext["storageState"]>>,
  base: string,
  path: string,
  counter: UpstreamCounter,
  variant: Variant,
): Promise<PageResult> {
  const newContext = async () => {
    const context = await browser.newContext({ storageState: state, viewport: VIEWPORT });
    await context.addInitScript({ content: PROBE_SCRIPT });
    await applyVariant(context, variant, VARIANTS);
    return context;
  };
  const cold: Sample[] = [];
  let control: PageResult["control"] = null;
  for (let run = 0; run < RUNS; run++) {
    const context = await newContext();
    const { page, sample } = await loadOnce(context, base, path, counter);
    cold.push(sample);
    // The main control, measured once per cold run; the slowest of the runs is reported.
    const used = await interact(page);
    if (used && (!control || used.latency > control.latency)) control = used;
    await context.close();
  }
  const warm: Sample[] = [];
  const context = await newContext();
  await (await loadOnce(context, base, path, counter)).page.close(); // fills the cache
  for (let run = 0; run < RUNS; run++) {
    const { page, sample } = await loadOnce(context, base, path, counter);
    warm.push(sample);
    await page.close();
  }
  await context.close();
  return { path, variant: variant.name, cold, warm, control };
}

function printTable(results: PageResult[]) {
  const pad = (s: string, n: number) => s.padEnd(n);
  const num = (s: string, n: number) => s.padStart(n);
  console.log(
    `\nMedians of ${RUNS} cold and ${RUNS} warm loads per page (LCP, TBT, longest task in ms; script in KiB compressed, cold: asked for before the load event / in all):`,
  );
  console.log(
    pad("page", PAGE_COLUMN) +
      num("LCP c/w", 12) +
      num("TBT c/w", 10) +
      num("long c/w", 11) +
      num("CLS", 7) +
      num("JS KiB load/all", 16) +
      num("up c/w", 9) +
      "  main control",
  );
  for (const r of results) {
    const m = (runs: Sample[], key: Figure) => median(runs.map((s) => s[key]));
    const name = VARIANTS.length > 1 ? `${r.path} (${r.variant})` : r.path;
    const control = r.control
      ? `${r.control.kind} ${r.control.latency === 0 ? "< 16" : f(r.control.latency)} ms`
      : "none found";
    console.log(
      pad(name, PAGE_COLUMN) +
        num(`${f(m(r.cold, "lcp"))}/${f(m(r.warm, "lcp"))}`, 12) +
        num(`${f(m(r.cold, "tbt"))}/${f(m(r.warm, "tbt"))}`, 10) +
        num(`${f(m(r.cold, "longestTask"))}/${f(m(r.warm, "longestTask"))}`, 11) +
        num(f(m(r.cold, "cls"), 3), 7) +
        num(`${f(m(r.cold, "scriptBytesAtLoad") / 1024)}/${f(m(r.cold, "scriptBytes") / 1024)}`, 16) +
        num(`${f(m(r.cold, "upstream"))}/${f(m(r.warm, "upstream"))}`, 9) +
        `  ${control}`,
    );
  }
}

function printWorst(results: PageResult[]) {
  const worst = (
    label: string,
    value: (r: PageResult) => number,
    unit: string,
    budget?: number,
    digits = 0,
  ) => {
    const top = [...results].sort((a, b) => value(b) - value(a))[0];
    if (!top) return;
    const v = value(top);
    const verdict =
      budget === undefined ? "" : `   budget ≤ ${budget} ${unit}: ${v <= budget ? "met" : "NOT MET"}`;
    const where = VARIANTS.length > 1 ? `${top.path} (${top.variant})` : top.path;
    console.log(`  ${label.padEnd(26)} ${f(v, digits).padStart(6)} ${unit.padEnd(4)} ${where}${verdict}`);
  };
  const cold = (key: Figure) => (r: PageResult) => median(r.cold.map((s) => s[key]));
  console.log("\nWorst page for each figure (cold medians):");
  worst("largest contentful paint", cold("lcp"), "ms");
  worst("total blocking time", cold("tbt"), "ms");
  worst("longest task", cold("longestTask"), "ms", BUDGET.longestTask);
  worst("layout shift", cold("cls"), "", undefined, 3);
  worst("script before load", (r) => cold("scriptBytesAtLoad")(r) / 1024, "KiB", BUDGET.scriptKiB);
  // The budget is a route's first load, as Next reports it: the script a page needs to start.
  // Parts fetched later at their turn (recharts, at the first plot's) are what the issue asks
  // to split off, so the line with them is printed for reading, not held to the budget.
  worst("script in all, later too", (r) => cold("scriptBytes")(r) / 1024, "KiB");
  worst("upstream requests, cold", cold("upstream"), "");
  worst("upstream requests, warm", (r) => median(r.warm.map((s) => s.upstream)), "");
  worst("main control latency", (r) => r.control?.latency ?? 0, "ms", BUDGET.interaction);
}

/**
 * For each page over the longest-task budget cold, what its slowest cold run's longest task
 * was made of, from the browser's long animation frames: each script by how it was started
 * (a script's evaluation, a callback, a promise) and its file, and the rendering.
 */
function printLongestTaskParts(results: PageResult[]) {
  const over = results.filter((r) => median(r.cold.map((s) => s.longestTask)) > BUDGET.longestTask);
  if (over.length === 0) return;
  console.log("\nWhat the longest cold task was made of (the slowest cold run; scripts over 2 ms):");
  for (const r of over) {
    const slowest = [...r.cold].sort((a, b) => b.longestTask - a.longestTask)[0]!;
    const [frame, ...parts] = slowest.longestTaskParts;
    if (!frame) {
      console.log(`  ${r.path}: ${f(slowest.longestTask)} ms, no long animation frame reported`);
      continue;
    }
    const named = parts
      .filter((p) => p.ms > 2)
      .map((p) => `${p.what} ${f(p.ms)}`)
      .join(", ");
    console.log(`  ${r.path}: task ${f(slowest.longestTask)} ms in a frame of ${f(frame.ms)} ms: ${named}`);
  }
}

async function main(): Promise<number> {
  const executablePath = findChromium();
  if (!executablePath) throw new SetupError("No Chromium found (set PLAYWRIGHT_CHROMIUM_EXECUTABLE).");
  const { base, sandboxUrl, counter } = await startStack("bench-pages");
  const results: PageResult[] = [];
  const watchdog = setTimeout(() => {
    console.error(`\nThe bench exceeded its time cap (${MAX_TOTAL_MINUTES} min); the pages measured so far:`);
    // The figures already taken are worth printing: a slow machine should not lose them all.
    printTable(results);
    printWorst(results);
    process.kill(process.pid, "SIGTERM");
  }, MAX_TOTAL_MINUTES * 60_000);
  watchdog.unref();

  const pages = benchPages(await discoverIds(sandboxUrl)).filter((p) =>
    ONLY.some((text) => (text.startsWith("=") ? p === text.slice(1) : p.includes(text))),
  );
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
  try {
    const state = await signedInState(browser, base);

    console.log(
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? "CPU"}, load ${os.loadavg()[0]!.toFixed(2)}, Chromium ${browser.version()} headless, ${VIEWPORT.width}×${VIEWPORT.height}; ${pages.length} pages as the owner.`,
    );
    console.log(
      `Floor: the first Intl.NumberFormat of a fresh page takes ${f(await firstNumberFormatMs(browser))} ms here (one call, before any page code).`,
    );
    for (const path of pages) {
      // The variants of one page one after the other, so that they meet the same machine.
      for (const variant of VARIANTS) {
        results.push(await measurePage(browser, state, base, path, counter, variant));
        console.log(`  measured ${path}${VARIANTS.length > 1 ? ` (${variant.name})` : ""}`);
      }
    }
    printTable(results);
    printWorst(results);
    printLongestTaskParts(results);
  } finally {
    await browser.close();
    await counter.close();
  }
  return 0;
}

await runBench(main);
