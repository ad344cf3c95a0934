import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Cookie, type Locator, type Page } from "@playwright/test";
import { E2E_LIMITED_PORT, E2E_LIMITED_SANDBOX_PORT, E2E_SANDBOX_PORT } from "../playwright.config";
import { labelOf } from "../lib/display/open-values";
import type { Listing } from "../lib/svc/schemas/listings";

/** The reference service the dashboard under test talks to; tests read the truth from it. */
export const SANDBOX = `http://127.0.0.1:${E2E_SANDBOX_PORT}`;
/** The pair with a small rate limit and usage read cap (playwright.config.ts). */
export const LIMITED_SANDBOX = `http://127.0.0.1:${E2E_LIMITED_SANDBOX_PORT}`;
export const LIMITED_DASHBOARD = `http://localhost:${E2E_LIMITED_PORT}`;

export type PersonaName =
  "owner" | "manager" | "editor" | "restricted_editor" | "viewer" | "outsider" | "portfolio_manager";
export type Persona = { persona: PersonaName; user_id: string; keys: Record<string, string> };

export async function personas(sandbox = SANDBOX): Promise<Persona[]> {
  const response = await fetch(`${sandbox}/_sandbox/personas`);
  return (await response.json()) as Persona[];
}

export async function keyOf(persona: PersonaName, kind = "standard", sandbox = SANDBOX): Promise<string> {
  const found = (await personas(sandbox)).find((p) => p.persona === persona);
  const key = found?.keys[kind];
  if (!key) throw new Error(`persona ${persona} has no ${kind} key`);
  return key;
}

/** The portfolio as the service itself answers it, to compare the page with. */
export async function portfolioOf(persona: PersonaName): Promise<Listing[]> {
  const response = await fetch(`${SANDBOX}/listings?per_page=100`, {
    headers: { "x-api-key": await keyOf(persona) },
  });
  return (await response.json()) as Listing[];
}

/** GET on the reference service as a persona: the truth a page is compared with. */
export async function svcGet<T>(path: string, persona: PersonaName = "owner"): Promise<T> {
  const response = await fetch(`${SANDBOX}${path}`, { headers: { "x-api-key": await keyOf(persona) } });
  expect(response.ok, `GET ${path} answered ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

export async function resetSandbox(sandbox = SANDBOX) {
  const response = await fetch(`${sandbox}/_sandbox/reset`, { method: "POST" });
  expect(response.ok).toBe(true);
}

/** Each persona's session cookies, per dashboard, from its first sign-in in this worker. */
const sessions = new Map<string, Cookie[]>();

const originOf = (base: string) => base || (test.info().project.use.baseURL ?? "");

/** Whether a saved session still opens a page (a sign-out or a revoked key ends it). */
async function stillSignedIn(origin: string, cookies: Cookie[]) {
  const response = await fetch(`${origin}/sign-in`, {
    redirect: "manual",
    headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") },
  });
  // The sign-in page sends a signed-in reader on to the app.
  return response.status >= 300 && response.status < 400;
}

/** Signs in through the form, as a user would, and keeps the session for the next tests. */
async function signInThroughForm(page: Page, persona: PersonaName, base: string, origin: string) {
  await page.goto(`${base}/sign-in?next=/listings`);
  await page.getByRole("button", { name: `Sign in as ${persona.replace("_", " ")}`, exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/listings");
  // The session is the one cookie no page script may read.
  sessions.set(
    `${origin} ${persona}`,
    (await page.context().cookies(origin)).filter((c) => c.httpOnly),
  );
}

/**
 * Gives the page a signed-in session of a persona on the dashboard at `base` (default: the main
 * pair) without opening a page, for a test that opens its own next. The persona's first sign-in
 * in this worker goes through the form, as a user's would; later tests reuse its session cookie,
 * and go through the form again only when that session has ended (a sign-out, a revoked key).
 * `ownSession` signs in anew, for a test that ends its session while holding another of the
 * same persona's. e2e/sign-in.spec.ts tests the form.
 */
export async function withSessionOf(
  page: Page,
  persona: PersonaName,
  base = "",
  { ownSession = false }: { ownSession?: boolean } = {},
) {
  const origin = originOf(base);
  const saved = ownSession ? undefined : sessions.get(`${origin} ${persona}`);
  if (saved && saved.length > 0 && (await stillSignedIn(origin, saved))) {
    await page.context().addCookies(saved);
    return;
  }
  await signInThroughForm(page, persona, base, origin);
}

/** Signs in as a persona (as `withSessionOf`) and lands on the portfolio, ready. */
export async function signInAs(
  page: Page,
  persona: PersonaName,
  base = "",
  options: { ownSession?: boolean } = {},
) {
  await withSessionOf(page, persona, base, options);
  if (new URL(page.url()).pathname !== "/listings") await page.goto(`${base}/listings`);
  await expect(page.getByTestId("portfolio")).toHaveAttribute("data-state", "ready");
}

/** A listing's row, found by its channel and channel id (names can repeat across channels). */
export function rowOf(page: Page, listing: Pick<Listing, "channel" | "id">) {
  const channel = labelOf({ airbnb: "Airbnb", vrbo: "Vrbo", booking_com: "Booking.com" }, listing.channel);
  return page.getByRole("row").filter({ has: page.getByText(`${channel} #${listing.id}`, { exact: true }) });
}

/** Serious and critical axe violations, summarised for a readable failure. */
/**
 * Clicks a sortable column's header until it is sorted `direction`, as a user would: click,
 * see the arrow change, click again. A sort is applied in a transition, so the header is read
 * only once the click has shown; reading it before would click again on a stale answer.
 */
export async function sortColumn(header: Locator, direction: "ascending" | "descending") {
  for (let clicks = 0; clicks < 3; clicks++) {
    const before = await header.getAttribute("aria-sort");
    if (before === direction) return;
    await header.getByRole("button").click();
    if (before === null) await expect(header).toHaveAttribute("aria-sort", /^(ascending|descending)$/);
    else await expect(header).not.toHaveAttribute("aria-sort", before);
  }
  await expect(header).toHaveAttribute("aria-sort", direction);
}

/** Script requested from now on: the chunks the page had not fetched before. */
export function scriptRequests(page: Page) {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") urls.push(request.url());
  });
  return urls;
}

/** The bodies of the scripts the page fetches from now on, read when asked. */
export function scriptBodies(page: Page) {
  const bodies: Promise<string>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") bodies.push(response.text().catch(() => ""));
  });
  return () => Promise.all(bodies);
}

/**
 * axe's serious and critical violations on the page (or the part `within` selects), each with
 * the first nodes it found (selector and axe's reason), so a failure on a CI machine names the
 * element without its trace.
 *
 * axe reads colours as computed at that instant, so it first waits for the page's finite CSS
 * transitions and animations: a button enabled as its data arrives fades from its disabled
 * grey over 150 ms, and read mid-fade it failed colour contrast on a busy machine.
 */
export async function seriousViolations(page: Page, { within }: { within?: string } = {}) {
  // Axe reads colours as they are drawn: a button enabled while the scan runs would be read
  // half-way through its colour transition (3.74:1 on the way to 13:1). With less motion asked
  // for, the dashboard changes colours at once (app/globals.css); what still plays is awaited.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
  // Only violations are gathered: each passing node's selector, on a calendar of thousands of
  // cells, is most of a scan's time. axe runs whole in the page (its "legacy mode"): the default
  // runs it in parts, then carries every rule's partial results (passes included) to a blank page
  // it opens to assemble them, three times the time on the listing calendar (17 s against 6 s).
  // The dashboard has no frame from another origin, the one thing the parts are for.
  const axe = new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).setLegacyMode();
  const results = await (within ? axe.include(within) : axe).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 3)
        .map((n) => `\n  ${n.target.join(" ")}: ${n.failureSummary?.replace(/\s+/g, " ") ?? ""}`);
      return `${v.id}: ${v.help} (${v.nodes.length} nodes)${nodes.join("")}`;
    });
}

export const test = base.extend<{ fresh: void }>({
  fresh: [
    async ({}, use) => {
      // The pair with the small limits is reset by the specs that use it (rate-limit, usage).
      await resetSandbox();
      await use();
    },
    { auto: true },
  ],
});
export { expect };
