import type { Page, Request } from "@playwright/test";
import { addDays, todayUtc } from "../lib/format/dates";
import type { CustomRate } from "../lib/svc/schemas/custom-rates";
import type { Listing } from "../lib/svc/schemas/listings";
import { expect, seriousViolations, svcGet, test } from "./fixtures";

/**
 * A custom rate for every listing of the portfolio manager's 1,500 at once, from the Listings
 * page's select-all: sent in calls of at most 101 listings, at most 4 at a time, with a
 * progress bar and Cancel, and one result line per selected listing.
 */

const BULK = /\/api\/svc\/listings\/([^/]+)\/bulk_custom_rates\?/;

/** The bulk calls as the browser sends them: each call's listings, and the most at once. */
function watchBulkCalls(page: Page) {
  const seen = { calls: [] as string[][], now: 0, most: 0 };
  page.on("request", (request) => {
    const match = BULK.exec(request.url());
    if (!match || request.method() !== "PUT") return;
    const body = request.postDataJSON() as { listing_ids: string[] };
    seen.calls.push([match[1]!, ...body.listing_ids]);
    seen.now += 1;
    seen.most = Math.max(seen.most, seen.now);
  });
  const done = (request: Request) => {
    if (BULK.test(request.url()) && request.method() === "PUT") seen.now -= 1;
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return seen;
}

/**
 * Signs in as the portfolio manager onto the Listings page and reads her whole portfolio (the
 * page shows 100 at a time until asked), so that the header checkbox selects every listing.
 */
async function signInAsPortfolioManager(page: Page) {
  // Her world is written on her first request after a reset: done here, straight on the
  // service, so that the sign-in's own call does not wait for it on a busy machine.
  await svcGet("/listings?per_page=1", "portfolio_manager");
  await page.goto("/sign-in?next=/listings");
  await page.getByRole("button", { name: "Sign in as portfolio manager", exact: true }).click();
  // The pathname: "**/listings" would also match the sign-in page's own ?next=/listings.
  await page.waitForURL((url) => url.pathname === "/listings", { timeout: 60_000 });
  await expect(page.getByTestId("portfolio")).toHaveAttribute("data-state", "ready", { timeout: 60_000 });
  await page.getByRole("button", { name: "Read all 1,500 listings" }).click();
  await expect(page.getByTestId("portfolio")).toHaveAttribute("data-portfolio-mode", "whole", {
    timeout: 60_000,
  });
}

/** Ticks the table's header checkbox (every listing shown) and opens the custom-rate dialog. */
async function selectAllAndOpen(page: Page) {
  await page.getByRole("checkbox", { name: /^Select all \d+ listings$/ }).check();
  const toolbar = page.getByRole("group", { name: "Selected listings" });
  const open = toolbar.getByRole("button", { name: /^Custom rate for [\d,]+ listings…$/ });
  const selected = Number((await open.textContent())!.replace(/\D/g, ""));
  await open.click();
  return { dialog: page.getByRole("dialog", { name: "Apply a custom rate" }), selected };
}

/** A 5 % rate over three nights far ahead, confirmed where it passes a listing's limits. */
async function fillRate(page: Page, start: string) {
  const dialog = page.getByRole("dialog", { name: "Apply a custom rate" });
  await dialog.getByLabel("First night", { exact: true }).fill(start);
  await dialog.getByLabel("Last night", { exact: true }).fill(addDays(start, 2));
  await dialog.getByLabel("Percent", { exact: true }).fill("5");
  const anyway = dialog.getByRole("checkbox", { name: "Apply anyway: I mean this value" });
  if (await anyway.isVisible()) await anyway.check();
  return dialog.getByRole("button", { name: /^Apply (anyway )?to [\d,]+ listings$/ });
}

const counts = (text: string) => {
  const [applied, refused, notSent] = text.match(/[\d,]+/g)!.map((n) => Number(n.replace(/,/g, "")));
  return { applied: applied!, refused: refused!, notSent: notSent! };
};

test("select all 1,400+ listings and apply one custom rate: calls of at most 101, 4 at a time, a line per listing", async ({
  page,
}) => {
  // The 1,500 listings' first load, select-all and 1,400 result lines take a while on 2 cores.
  test.setTimeout(180_000);
  const start = addDays(todayUtc(), 240);
  const calls = watchBulkCalls(page);
  await signInAsPortfolioManager(page);
  const { dialog, selected } = await selectAllAndOpen(page);
  expect(selected).toBeGreaterThan(1000);
  // The names are few however many are selected.
  await expect(dialog.getByText(/^To: .* and [\d,]+ more\.$/)).toBeVisible();
  const apply = await fillRate(page, start);
  await apply.click();

  // While it is sent: a progress bar with its label and the count in words.
  const progress = dialog.getByRole("progressbar", { name: /^Listings answered, of [\d,]+$/ });
  await expect(progress).toBeVisible();
  await expect(dialog.getByText(/^Applying: [\d,]+ of [\d,]+ listings answered\.$/)).toBeVisible();

  const result = page.getByRole("dialog", { name: "Custom rate: the result" });
  await expect(result).toBeVisible({ timeout: 60_000 });
  const summary = counts((await result.getByTestId("bulk-result-counts").textContent())!);
  expect(summary.applied + summary.refused + summary.notSent).toBe(selected);
  expect(summary.applied).toBeGreaterThan(1000);
  // View-only listings are not sent: they are the only "not sent".
  expect(summary.notSent).toBeGreaterThan(0);
  const lines = result.getByRole("list", { name: "Result per listing" }).getByRole("listitem");
  await expect(lines).toHaveCount(selected);
  // What needs attention comes first.
  await expect(lines.first()).not.toHaveAttribute("data-outcome", "applied");
  // The dialog alone: axe over the table of 1,464 rows behind it takes minutes.
  expect(await seriousViolations(page, { within: '[role="dialog"]' })).toEqual([]);

  // Upstream: every call within the service's limit, never more than 4 at once.
  const sent = calls.calls.flat();
  expect(calls.calls.length).toBe(Math.ceil(sent.length / 101));
  expect(Math.max(...calls.calls.map((c) => c.length))).toBeLessThanOrEqual(101);
  expect(new Set(sent).size).toBe(sent.length);
  expect(sent.length).toBe(selected - summary.notSent);
  expect(calls.most).toBeLessThanOrEqual(4);

  // The service has the rate on listings of the first and the last call.
  const first = calls.calls[0]!;
  const last = calls.calls[calls.calls.length - 1]!;
  for (const id of [first[0]!, first[first.length - 1]!, last[0]!, last[last.length - 1]!]) {
    const periods = await svcGet<CustomRate[]>(
      `/listings/${id}/custom_rates?channel=svc`,
      "portfolio_manager",
    );
    expect(periods, id).toContainEqual(
      expect.objectContaining({
        start_date: start,
        end_date: addDays(start, 2),
        price_type: "percent",
        price_value: 5,
      }),
    );
  }
});

test("Cancel stops sending: the calls on their way finish and report, the rest are not sent and unchanged", async ({
  page,
}) => {
  // The 1,500 listings' first load, select-all and 1,400 result lines take a while on 2 cores.
  test.setTimeout(180_000);
  const start = addDays(todayUtc(), 250);
  const calls = watchBulkCalls(page);
  // Each call is held a moment on its way, so that Cancel comes while the first four are out.
  await page.route(BULK, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await signInAsPortfolioManager(page);
  const { dialog, selected } = await selectAllAndOpen(page);
  await (await fillRate(page, start)).click();

  await expect(dialog.getByRole("progressbar")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel the rest" }).click();
  await expect(
    dialog.getByText(/^Cancelled: .* waiting for the calls already sent to answer\.$/),
  ).toBeVisible();

  const result = page.getByRole("dialog", { name: "Custom rate: the result" });
  await expect(result).toBeVisible({ timeout: 30_000 });
  expect(calls.calls.length).toBe(4);
  const sentCount = calls.calls.flat().length;
  const summary = counts((await result.getByTestId("bulk-result-counts").textContent())!);
  expect(summary.applied + summary.refused).toBe(sentCount);
  expect(summary.notSent).toBe(selected - sentCount);
  await expect(
    result.getByRole("listitem").filter({ hasText: "Not sent: you cancelled before this listing's turn." }),
  ).toHaveCount(selected - sentCount - (await result.getByText(/view-only access/).count()));

  // A listing of a call that was sent has the rate; one never sent does not, and nothing
  // more was sent after the result.
  const sent = new Set(calls.calls.flat());
  const rateOf = async (id: string) =>
    (await svcGet<CustomRate[]>(`/listings/${id}/custom_rates?channel=svc`, "portfolio_manager")).filter(
      (p) => p.start_date === start && p.price_value === 5,
    );
  expect(await rateOf(calls.calls[0]![0]!)).toHaveLength(1);
  const lastPage = await svcGet<Listing[]>("/listings?per_page=100&page=15", "portfolio_manager");
  const unsent = lastPage.find((l) => !sent.has(l.svc_id) && !l.is_hidden && l.access_level !== "viewer");
  expect(unsent).toBeDefined();
  expect(await rateOf(unsent!.svc_id)).toEqual([]);
  await page.waitForTimeout(500);
  expect(calls.calls.length).toBe(4);
});

test("batch preferences for every listing shown: batches of 100 one at a time, the portfolio re-read once", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const batches: string[][] = [];
  let inFlight = 0;
  let most = 0;
  let stayReads = 0;
  let listPages = 0;
  page.on("request", (request) => {
    const url = request.url();
    if (/\/api\/svc\/listings\/[^/]+\/reservations\?/.test(url)) stayReads += 1;
    if (/\/api\/svc\/listings\?.*per_page=100/.test(url)) listPages += 1;
    if (!/\/api\/svc\/preferences\?/.test(url) || request.method() !== "PUT") return;
    const body = request.postDataJSON() as { preferences: Array<{ listing_id: string }> };
    batches.push(body.preferences.map((p) => p.listing_id));
    inFlight += 1;
    most = Math.max(most, inFlight);
  });
  page.on("requestfinished", (request) => {
    if (/\/api\/svc\/preferences\?/.test(request.url()) && request.method() === "PUT") inFlight -= 1;
  });
  await signInAsPortfolioManager(page);
  await page.getByRole("checkbox", { name: /^Select all \d+ listings$/ }).check();
  await page
    .getByRole("group", { name: "Selected listings" })
    .getByRole("button", { name: "Edit preferences" })
    .click();
  const dialog = page.getByRole("dialog", { name: /^Edit preferences of [\d,]+ listings$/ });
  const selected = Number((await dialog.getByRole("heading").first().textContent())!.replace(/\D/g, ""));
  await dialog.getByRole("checkbox", { name: "Apply minimum stay" }).check();
  await dialog.getByRole("textbox", { name: "Nights" }).fill("2");
  // Recent stays are compared for 10 listings, not 1,400.
  await expect(dialog.getByText(/compared for the first 10 listings only/)).toBeVisible();
  const anyway = dialog.getByRole("checkbox", { name: "Apply anyway: I mean this value" });
  if (await anyway.isVisible()) await anyway.check();
  const pagesBefore = listPages;
  const staysAtOpening = stayReads;
  await dialog.getByRole("button", { name: /^Apply (anyway )?to [\d,]+ listings$/ }).click();

  await expect(dialog.getByRole("status").filter({ hasText: /^Applied to [\d,]+ listings/ })).toBeVisible({
    timeout: 90_000,
  });
  await expect(dialog.getByRole("list", { name: "Result per listing" }).getByRole("listitem")).toHaveCount(
    selected,
  );
  expect(staysAtOpening).toBeLessThanOrEqual(10);
  // The write makes the listings' reads stale, the 10 open stay checks among them: read once more.
  expect(stayReads).toBeLessThanOrEqual(20);
  expect(batches.length).toBe(Math.ceil(selected / 100));
  expect(Math.max(...batches.map((b) => b.length))).toBe(100);
  expect(most).toBe(1);
  // The portfolio's pages are read again once after the last batch, not after each of them.
  await expect.poll(() => listPages - pagesBefore).toBeGreaterThan(0);
  await page.waitForTimeout(1_000);
  // One re-read costs what the first load did (pages of 100 until a short one), not 15 of them.
  expect(listPages - pagesBefore).toBeLessThanOrEqual(pagesBefore);

  // In the first batch and the last, a listing that takes a minimum stay from a batch has it.
  for (const batch of [batches[0]!, batches[batches.length - 1]!]) {
    let checked = false;
    for (const id of batch.slice(0, 10)) {
      const listing = await svcGet<Listing>(`/listings/${id}?channel=svc`, "portfolio_manager");
      if (!["owner", "manager", "editor"].includes(listing.access_level)) continue;
      if (!listing.supported_settings.min_stay) continue;
      const stored = await svcGet<{ min_stay: number | null }>(
        `/preferences/${id}?channel=svc`,
        "portfolio_manager",
      );
      expect(stored.min_stay, id).toBe(2);
      checked = true;
      break;
    }
    expect(checked).toBe(true);
  }
});
