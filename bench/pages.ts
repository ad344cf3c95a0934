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
 * requests; then uses the page's main control once (a tab switch, a column sort or a filter)
 * and reads its interaction latency from event timing. One table of medians per page, then
 * the worst page for each figure against the budgets of issue 20.
 *
 * Env: BENCH_PAGE_RUNS (5, 1–10), BENCH_PAGES (only pages whose path contains this text).
 * Bounded: loopback only, 40 minutes once the servers are up. See bench/README.md.
 */
import os from "node:os";
import { chromium, type Browser, type BrowserContext } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../scripts/find-chromium.mjs";
import { PROBE_SCRIPT, interact, readLoad, settle, type ControlKind, type LoadFigures } from "./page-probe";
import { benchPages, type BenchPageIds } from "./page-list";
import { ROOT, SetupError, call, freePort, runBench, start, waitFor } from "./servers";
import { startUpstreamCounter, type UpstreamCounter } from "./upstream-counter";

process.chdir(ROOT);

const RUNS = Math.min(10, Math.max(1, Math.round(Number(process.env.BENCH_PAGE_RUNS ?? 5)) || 5));
const ONLY = process.env.BENCH_PAGES ?? "";
const MAX_TOTAL_MINUTES = 40;
const VIEWPORT = { width: 1400, height: 900 };
/** Issue 20's budgets. */
const BUDGET = { longestTask: 50, scriptKiB: 250, interaction: 100 };

interface Sample extends LoadFigures {
  upstream: number;
}
interface PageResult {
  path: string;
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
): Promise<PageResult> {
  const cold: Sample[] = [];
  let control: PageResult["control"] = null;
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ storageState: state, viewport: VIEWPORT });
    await context.addInitScript({ content: PROBE_SCRIPT });
    const { page, sample } = await loadOnce(context, base, path, counter);
    cold.push(sample);
    // The main control, measured once per cold run; the slowest of the runs is reported.
    const used = await interact(page);
    if (used && (!control || used.latency > control.latency)) control = used;
    await context.close();
  }
  const warm: Sample[] = [];
  const context = await browser.newContext({ storageState: state, viewport: VIEWPORT });
  await context.addInitScript({ content: PROBE_SCRIPT });
  await (await loadOnce(context, base, path, counter)).page.close(); // fills the cache
  for (let run = 0; run < RUNS; run++) {
    const { page, sample } = await loadOnce(context, base, path, counter);
    warm.push(sample);
    await page.close();
  }
  await context.close();
  return { path, cold, warm, control };
}

function printTable(results: PageResult[]) {
  const pad = (s: string, n: number) => s.padEnd(n);
  const num = (s: string, n: number) => s.padStart(n);
  console.log(
    `\nMedians of ${RUNS} cold and ${RUNS} warm loads per page (LCP, TBT, longest task in ms; script in KiB compressed, cold):`,
  );
  console.log(
    pad("page", 44) +
      num("LCP c/w", 12) +
      num("TBT c/w", 10) +
      num("long c/w", 11) +
      num("CLS", 7) +
      num("JS KiB", 8) +
      num("up c/w", 9) +
      "  main control",
  );
  for (const r of results) {
    const m = (runs: Sample[], key: keyof Sample) => median(runs.map((s) => s[key]));
    const control = r.control
      ? `${r.control.kind} ${r.control.latency === 0 ? "< 16" : f(r.control.latency)} ms`
      : "none found";
    console.log(
      pad(r.path, 44) +
        num(`${f(m(r.cold, "lcp"))}/${f(m(r.warm, "lcp"))}`, 12) +
        num(`${f(m(r.cold, "tbt"))}/${f(m(r.warm, "tbt"))}`, 10) +
        num(`${f(m(r.cold, "longestTask"))}/${f(m(r.warm, "longestTask"))}`, 11) +
        num(f(m(r.cold, "cls"), 3), 7) +
        num(f(m(r.cold, "scriptBytes") / 1024), 8) +
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
    console.log(`  ${label.padEnd(26)} ${f(v, digits).padStart(6)} ${unit.padEnd(4)} ${top.path}${verdict}`);
  };
  const cold = (key: keyof Sample) => (r: PageResult) => median(r.cold.map((s) => s[key]));
  console.log("\nWorst page for each figure (cold medians):");
  worst("largest contentful paint", cold("lcp"), "ms");
  worst("total blocking time", cold("tbt"), "ms");
  worst("longest task", cold("longestTask"), "ms", BUDGET.longestTask);
  worst("layout shift", cold("cls"), "", undefined, 3);
  worst("script (compressed)", (r) => cold("scriptBytes")(r) / 1024, "KiB", BUDGET.scriptKiB);
  worst("upstream requests, cold", cold("upstream"), "");
  worst("upstream requests, warm", (r) => median(r.warm.map((s) => s.upstream)), "");
  worst("main control latency", (r) => r.control?.latency ?? 0, "ms", BUDGET.interaction);
}

async function discoverIds(sandbox: string): Promise<BenchPageIds> {
  const personas = JSON.parse((await call("GET", `${sandbox}/_sandbox/personas`)).body) as Array<{
    persona: string;
    keys: { standard: string };
  }>;
  const key = personas.find((p) => p.persona === "owner")?.keys.standard;
  if (!key) throw new SetupError("The reference service lists no owner persona.");
  const read = async <T>(path: string): Promise<T[]> => {
    const answer = await call("GET", `${sandbox}${path}`, { "x-api-key": key });
    if (answer.status !== 200) throw new SetupError(`GET ${path} answered ${answer.status}.`);
    const body = JSON.parse(answer.body) as T[] | { data: T[] };
    return Array.isArray(body) ? body : body.data;
  };
  const listing = (await read<{ id: string; svc_id?: string }>("/listings?per_page=1"))[0];
  const sets = await read<{ id: string; is_paid: boolean }>("/sets");
  const segment = (await read<{ id: string }>("/segments"))[0];
  const market = (await read<{ id: string }>("/market_report"))[0];
  const set = sets.find((s) => s.is_paid) ?? sets[0];
  if (!listing || !set || !segment || !market)
    throw new SetupError("The owner has no listing, set, segment or market.");
  return { listing: listing.svc_id ?? listing.id, set: set.id, segment: segment.id, market: market.id };
}

async function main(): Promise<number> {
  const executablePath = findChromium();
  if (!executablePath) throw new SetupError("No Chromium found (set PLAYWRIGHT_CHROMIUM_EXECUTABLE).");
  const { buildIfNeeded } = (await import("../scripts/build-if-needed.mjs")) as { buildIfNeeded: () => void };
  buildIfNeeded();

  const sandboxPort = await freePort();
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const service = start("The reference service", ["node_modules/tsx/dist/cli.mjs", "sandbox/server.ts"], {
    SANDBOX_PORT: String(sandboxPort),
    SANDBOX_DB: ":memory:",
    SANDBOX_RATE_LIMIT_PER_MINUTE: "100000000",
  });
  await waitFor(`${sandboxUrl}/_sandbox/clock`, service, 60_000);
  const counter = await startUpstreamCounter(sandboxPort);
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const dashboard = start(
    "The dashboard",
    ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"],
    {
      SANDBOX_PORT: String(counter.port),
      SVC_BASE_URL: "",
      DATA_DIR: ".data/bench-pages",
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
    },
  );
  await waitFor(`http://127.0.0.1:${port}/sign-in`, dashboard, 120_000);
  const watchdog = setTimeout(() => {
    console.error(`\nThe bench exceeded its time cap (${MAX_TOTAL_MINUTES} min); stopping.`);
    process.kill(process.pid, "SIGTERM");
  }, MAX_TOTAL_MINUTES * 60_000);
  watchdog.unref();

  const pages = benchPages(await discoverIds(sandboxUrl)).filter((p) => p.includes(ONLY));
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
  try {
    // Sign in as a user does: the persona button on the sign-in page.
    const signIn = await browser.newContext({ viewport: VIEWPORT });
    const page = await signIn.newPage();
    await page.goto(`${base}/sign-in`);
    await page.getByRole("button", { name: /owner/i }).first().click();
    await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"), { timeout: 30_000 });
    const state = await signIn.storageState();
    await signIn.close();

    console.log(
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? "CPU"}, load ${os.loadavg()[0]!.toFixed(2)}, Chromium ${browser.version()} headless, ${VIEWPORT.width}×${VIEWPORT.height}; ${pages.length} pages as the owner.`,
    );
    const results: PageResult[] = [];
    for (const path of pages) {
      const result = await measurePage(browser, state, base, path, counter);
      results.push(result);
      console.log(`  measured ${path}`);
    }
    printTable(results);
    printWorst(results);
  } finally {
    await browser.close();
    await counter.close();
  }
  return 0;
}

await runBench(main);
