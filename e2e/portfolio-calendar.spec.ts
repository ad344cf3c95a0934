import type { Page } from "@playwright/test";
import { addDays, todayUtc } from "../lib/format/dates";
import type { PriceCalendar } from "../lib/svc/schemas/calendar";
import { expect, seriousViolations, svcGet, test, type PersonaName } from "./fixtures";

/**
 * The portfolio calendar (/calendar): every listing by every night, rows read as they come
 * into view, and a custom rate set over nights selected across listings.
 */

const grid = (page: Page) => page.getByRole("grid", { name: /^Portfolio calendar/ });
const row = (page: Page, index: number) => grid(page).locator(`[role="row"][aria-rowindex="${index + 2}"]`);

/** Signs in straight onto the calendar (the Listings page of 1,500 listings is not the subject). */
async function openCalendar(page: Page, persona: PersonaName, query = "") {
  await page.goto(`/sign-in?next=${encodeURIComponent(`/calendar${query}`)}`);
  await page.getByRole("button", { name: `Sign in as ${persona.replace("_", " ")}`, exact: true }).click();
  await page.waitForURL("**/calendar**");
  await expect(grid(page)).toBeVisible();
}

/** The loader's requests (price calendars and listing pages) as the browser sends them, and the most at once. */
function watchLoader(page: Page) {
  const seen = {
    calendars: new Set<string>(),
    calendarRequests: 0,
    pages: 0,
    pageUrls: [] as string[],
    now: 0,
    most: 0,
  };
  // The portfolio switcher's owner-name lookups (per_page=1) are not the loader's.
  const isLoader = (url: string) =>
    /\/api\/svc\/listings\/[^/]+\/price_calendar\?/.test(url) ||
    /\/api\/svc\/listings\?.*per_page=100/.test(url);
  page.on("request", (request) => {
    const url = request.url();
    if (!isLoader(url)) return;
    if (url.includes("/price_calendar")) {
      seen.calendars.add(new URL(url).pathname);
      seen.calendarRequests += 1;
    } else {
      seen.pages += 1;
      seen.pageUrls.push(url);
    }
    seen.now += 1;
    seen.most = Math.max(seen.most, seen.now);
  });
  const done = (request: { url: () => string }) => {
    if (isLoader(request.url())) seen.now -= 1;
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return seen;
}

test("at 1,500 listings only the rows in view are read, never more than 4 requests at once", async ({
  page,
}) => {
  test.slow();
  await page.goto("/sign-in?next=/calendar");
  const loader = watchLoader(page);
  await page.getByRole("button", { name: "Sign in as portfolio manager", exact: true }).click();
  await page.waitForURL("**/calendar");
  await expect(row(page, 0)).toHaveAttribute("data-row-state", "ready", { timeout: 30_000 });
  const rows = Number(await page.getByTestId("portfolio-calendar").getAttribute("data-rows"));
  expect(rows).toBeGreaterThan(1400);
  await expect(page.getByTestId("row-loading")).toHaveText("");
  const opened = loader.calendars.size;
  // The first screen and the rows just below it; nothing like one request per listing.
  expect(opened).toBeGreaterThan(10);
  expect(opened).toBeLessThan(40);
  expect(loader.pages, loader.pageUrls.join("\n")).toBe(1);

  // Jump to the middle: the rows there load (their listing pages first), the ones skipped do not.
  await grid(page).evaluate((el) => (el.scrollTop = 750 * 40));
  await expect(row(page, 752)).toHaveAttribute("data-row-state", "ready", { timeout: 60_000 });
  await expect(page.getByTestId("row-loading")).toHaveText("");
  expect(loader.calendars.size - opened).toBeLessThan(40);
  // The listing pages on the way there (100 listings each, a few of them hidden), nothing past them.
  expect(loader.pages).toBeLessThanOrEqual(10);
  expect(loader.most).toBeLessThanOrEqual(4);

  // Back to the top: those rows are still fresh and are not read again.
  const before = loader.calendarRequests;
  const pagesBefore = loader.pages;
  await grid(page).evaluate((el) => (el.scrollTop = 0));
  await expect(row(page, 0)).toHaveAttribute("data-row-state", "ready");
  await page.waitForTimeout(500);
  expect(loader.calendarRequests).toBe(before);
  expect(loader.pages).toBe(pagesBefore);
});

test("select nights across three listings and set a custom rate: each listing's calendar has it", async ({
  page,
}) => {
  test.slow();
  // Far enough ahead that most nights are still open.
  const from = addDays(todayUtc(), 200);
  await openCalendar(page, "portfolio_manager", `?from=${from}&nights=30`);
  for (const r of [0, 1, 2]) await expect(row(page, r)).toHaveAttribute("data-row-state", "ready");
  const ids = await Promise.all([0, 1, 2].map((r) => row(page, r).getAttribute("data-listing")));

  // Three listings × three nights, by pointer then keyboard.
  await grid(page).locator('[data-cell="0:0"]').click();
  await page.keyboard.press("Shift+ArrowDown");
  await page.keyboard.press("Shift+ArrowDown");
  await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press("Shift+ArrowRight");
  await expect(page.getByTestId("selection-bar")).toContainText("Selected: 3 listings × 3 nights");
  await expect(grid(page).locator('[aria-selected="true"]')).toHaveCount(9);

  await page.getByRole("button", { name: "Set custom rate…" }).click();
  const dialog = page.getByRole("dialog", { name: "Set a custom rate" });
  await dialog.getByLabel(/^Price a night/).fill("333");
  await expect(
    dialog.getByRole("table", { name: "The change per listing" }).getByRole("row"),
  ).not.toHaveCount(1);
  await dialog.getByRole("button", { name: /^Apply (anyway )?to \d+ listings?$/ }).click();
  const result = page.getByRole("dialog", { name: "Set a custom rate: the result" });
  await expect(result.getByRole("list", { name: "Result per listing" }).getByRole("listitem")).toHaveCount(3);

  // The service's own calendar of each listing now has the rate on every open selected night.
  const to = addDays(from, 2);
  for (const id of ids) {
    const calendar = await svcGet<PriceCalendar>(
      `/listings/${id}/price_calendar?channel=svc&start_date=${from}&end_date=${to}`,
      "portfolio_manager",
    );
    for (const night of calendar.nights.filter((n) => !n.is_booked)) {
      expect(night.custom_rate, `${id} ${night.date}`).toEqual({ price_type: "fixed", price_value: 333 });
    }
  }
  await result.getByRole("button", { name: "Done" }).click();

  // The grid read the changed rows again: the first listing's open nights say so.
  const first = await svcGet<PriceCalendar>(
    `/listings/${ids[0]}/price_calendar?channel=svc&start_date=${from}&end_date=${from}`,
    "portfolio_manager",
  );
  if (!first.nights[0]!.is_booked) {
    await expect(grid(page).locator('[data-cell="0:0"]')).toHaveAttribute(
      "aria-label",
      /Custom rate: Fixed at .?333/,
    );
  }
  // And the listing's own calendar tab shows it.
  await page.goto(`/listings/${ids[0]}?tab=calendar`);
  await expect(
    page
      .getByRole("button")
      .filter({ hasText: /custom rate: Fixed at .?333\./ })
      .first(),
  ).toBeAttached();
});

test("a range of 0, 366 or no nights is refused in a sentence and the calendar stays as it was", async ({
  page,
}) => {
  await openCalendar(page, "owner");
  await expect(page.getByTestId("portfolio-calendar")).toHaveAttribute("data-nights", "90");
  const nights = page.getByLabel("Nights (1 to 365)");
  for (const [typed, sentence] of [
    ["366", "The calendar shows at most 365 nights."],
    ["0", "Show at least 1 night."],
  ] as const) {
    await nights.fill(typed);
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect(page.getByText(`The range was not changed: ${sentence}`, { exact: true })).toBeVisible();
    await expect(nights).toHaveValue(typed);
    await expect(page.getByTestId("portfolio-calendar")).toHaveAttribute("data-nights", "90");
  }
  // An empty count is refused the same way, and focus goes to the field to fix.
  await nights.fill("");
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(
    page.getByText("The range was not changed: Enter a number of nights.", { exact: true }),
  ).toBeVisible();
  await expect(nights).toBeFocused();
  await nights.fill("14");
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page.getByTestId("portfolio-calendar")).toHaveAttribute("data-nights", "14");
  await expect(page).toHaveURL(/nights=14/);
});

test("as the viewer, nights can be selected but not changed, and the reason is said", async ({ page }) => {
  await openCalendar(page, "viewer");
  await expect(row(page, 0)).toHaveAttribute("data-row-state", "ready");
  await grid(page).locator('[data-cell="0:0"]').click();
  const bar = page.getByTestId("selection-bar");
  await expect(bar.getByRole("button", { name: "Set custom rate…" })).toBeDisabled();
  await expect(bar.getByRole("button", { name: "Set minimum stay…" })).toBeDisabled();
  await expect(page.getByTestId("selection-disabled-reason")).toContainText("view-only access");
});

test("the portfolio calendar with a selection and its night details, the neighborhood's prices too, passes axe", async ({
  page,
}) => {
  test.slow();
  await openCalendar(page, "owner");
  await expect(row(page, 0)).toHaveAttribute("data-row-state", "ready");
  await grid(page).locator('[data-cell="0:0"]').click();
  await page.keyboard.press("Shift+ArrowRight");
  await expect(page.getByTestId("night-details")).toContainText(/Price: /);
  // Once the details rest on the listing, its neighborhood's prices for the night.
  await expect(page.getByTestId("night-neighborhood")).toContainText(
    /^Neighborhood: (median \$|middle half \$|no (prices|figures) for this night)/,
  );
  expect(await seriousViolations(page)).toEqual([]);
});
