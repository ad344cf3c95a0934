// Measures every page at a phone's width: the document's scroll width, and where the
// overflow starts (an element wider than the viewport whose parent is not), to find what to fix.
// Run against a dashboard and its reference service: BASE_URL=… SANDBOX_URL=… tsx scripts/measure-narrow.ts
import { chromium } from "@playwright/test";
import { WORKSPACE_TABS } from "../components/listing/workspace/workspace-tab-state";
import { SET_TABS } from "../components/sets/page/set-tabs";
import { sections } from "../lib/shell/sections";
import { CHROMIUM_ARGS, findChromium } from "./find-chromium.mjs";

const base = process.env.BASE_URL ?? "http://127.0.0.1:3400";
const sandbox = process.env.SANDBOX_URL ?? "http://127.0.0.1:4400";
const width = Number(process.env.WIDTH ?? 390);

async function svc<T>(path: string, key: string): Promise<T> {
  return (await (await fetch(`${sandbox}${path}`, { headers: { "x-api-key": key } })).json()) as T;
}

const personas = (await (await fetch(`${sandbox}/_sandbox/personas`)).json()) as Array<{
  persona: string;
  keys: Record<string, string>;
}>;
const key = personas.find((p) => p.persona === "owner")!.keys.standard!;
const listing = (
  await svc<Array<{ svc_id: string; is_hidden: boolean }>>("/listings?per_page=100", key)
).find((l) => !l.is_hidden)!;
const paidSet = (await svc<Array<{ id: string; is_paid: boolean }>>("/sets?per_page=100", key)).find(
  (s) => s.is_paid,
)!;
const segment = (await svc<Array<{ id: string }>>("/segments", key))[0];

// The pages e2e/narrow.spec.ts checks, from the same lists (the spec reads them through its fixtures).
const paths = [
  ...sections.map((s) => s.href),
  ...WORKSPACE_TABS.map((tab) => `/listings/${listing.svc_id}?tab=${tab}`),
  ...SET_TABS.map((tab) => `/sets/${paidSet.id}?tab=${tab}`),
  ...(segment ? [`/segments/${segment.id}`] : []),
  "/market/mkt_austin",
  "/sets/new",
  "/segments/new",
  "/webhooks/inbox",
];

const browser = await chromium.launch({ executablePath: findChromium()!, args: CHROMIUM_ARGS });
const context = await browser.newContext({ viewport: { width, height: 844 } });
// tsx keeps function names with a `__name` helper the page does not have.
await context.addInitScript("globalThis.__name = (fn) => fn;");
const page = await context.newPage();

async function measure(path: string) {
  await page.goto(`${base}${path}`);
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await page
    .waitForFunction(() => document.querySelectorAll('[data-state="loading"]').length === 0, undefined, {
      timeout: 20_000,
    })
    .catch(() => console.log("  (still loading)"));
  const report = await page.evaluate(() => {
    const inner = window.innerWidth;
    const describe = (el: Element) => {
      const r = el.getBoundingClientRect();
      const cls = (el.getAttribute("class") ?? "").slice(0, 90);
      const label = el.getAttribute("aria-label") ?? el.getAttribute("data-testid") ?? "";
      return `${el.tagName.toLowerCase()}[${label}] .${cls} w=${Math.round(r.width)} right=${Math.round(r.right)}`;
    };
    // Inside a box that scrolls or clips within the viewport, a wide child is the intended fix.
    // An absolutely placed element (an sr-only label) escapes that box unless the box is positioned.
    const contained = (el: Element) => {
      let escapes = ["absolute", "fixed"].includes(getComputedStyle(el).position);
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        const clips = style.overflowX !== "visible" && a.getBoundingClientRect().right <= inner + 1;
        if (clips && !escapes) return true;
        if (escapes && style.position !== "static") escapes = style.position === "fixed";
      }
      return false;
    };
    const sources = [...document.body.querySelectorAll("*")]
      .filter((el) => el.getBoundingClientRect().right > inner + 1 && !contained(el))
      .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= inner + 1)
      .slice(0, 8)
      .map(describe);
    // Where the document's scroll width comes from: the elements reaching furthest right.
    const widest = [...document.body.querySelectorAll("*")]
      .filter((el) => !contained(el))
      .sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right)
      .slice(0, 3)
      .map(describe);
    return { scrollWidth: document.documentElement.scrollWidth, inner, sources, widest };
  });
  const flag = report.scrollWidth > report.inner ? "OVERFLOW" : "ok";
  console.log(`${flag} ${report.scrollWidth} ${path}`);
  if (flag === "ok") return;
  for (const source of report.sources) console.log(`    starts at ${source}`);
  for (const element of report.widest) console.log(`    reaches ${element}`);
}

await page.goto(`${base}/sign-in`);
await measure("/sign-in");
await page.goto(`${base}/sign-in?next=/listings`);
await page.getByRole("button", { name: "Sign in as owner", exact: true }).click();
await page.waitForURL((url) => url.pathname === "/listings");
for (const path of paths) await measure(path);
await browser.close();
