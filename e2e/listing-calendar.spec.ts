import type { Locator, Page } from "@playwright/test";
import { money, nightLabel } from "../components/listing/calendar/calendar-display";
import { periodDates, rateWords } from "../lib/listing/custom-rates/words";
import { VIEWER_CUSTOM_RATES_REASON } from "../lib/listing/custom-rates/permission";
import { addDays, calendarYearRange, type DateRange } from "../lib/listing/calendar/dates";
import { appliedMinStay, minStayWords } from "../lib/listing/calendar/applied";
import type {
  FeeImpactCalendar,
  MinStayCalendar,
  PriceCalendar,
  PriceRecommendations,
} from "../lib/svc/schemas/calendar";
import type { CustomRate } from "../lib/svc/schemas/custom-rates";
import type { Listing } from "../lib/svc/schemas/listings";
import {
  expect,
  portfolioOf,
  rowOf,
  seriousViolations,
  signInAs,
  svcGet,
  test,
  withSessionOf,
} from "./fixtures";

const todayUtc = () => new Date().toISOString().slice(0, 10);
const yearRange = () => calendarYearRange(todayUtc());
const rangeQuery = (range: DateRange) =>
  `channel=svc&start_date=${range.start_date}&end_date=${range.end_date}`;
const customRatesOf = (svcId: string) => svcGet<CustomRate[]>(`/listings/${svcId}/custom_rates?channel=svc`);

/** The seed is the same after every reset: the pair is looked up once per worker. */
let ratesPair: { withRates: Listing; withoutRates: Listing } | null = null;

/** The owner's own active listing with seeded custom rates, and one without any. */
async function listingsForRates(): Promise<{ withRates: Listing; withoutRates: Listing }> {
  if (ratesPair) return ratesPair;
  const portfolio = (await portfolioOf("owner")).filter((l) => l.is_active && !l.is_hidden);
  let withRates: Listing | undefined;
  let withoutRates: Listing | undefined;
  for (const listing of portfolio) {
    const rates = await customRatesOf(listing.svc_id);
    if (rates.length > 0 && rates.some((r) => r.end_date > addDays(r.start_date, 1))) withRates ??= listing;
    if (rates.length === 0) withoutRates ??= listing;
    if (withRates && withoutRates) break;
  }
  expect(withRates, "a seeded listing with a custom rate of three nights or more").toBeDefined();
  expect(withoutRates, "a seeded listing without custom rates").toBeDefined();
  ratesPair = { withRates: withRates!, withoutRates: withoutRates! };
  return ratesPair;
}

async function openTab(page: Page, listing: Listing, tab: "calendar" | "custom-rates") {
  await page.goto(`/listings/${listing.svc_id}?tab=${tab}`);
  await expect(page.getByRole("heading", { level: 1, name: listing.name })).toBeVisible();
  const testId = tab === "calendar" ? "price-calendar" : "custom-rates";
  await expect(page.getByTestId(testId)).toHaveAttribute("data-state", "ready");
}

const details = (page: Page) => page.getByRole("region", { name: "Night details" });
/** The value next to a term of the night details (a dt/dd pair). */
const detail = (page: Page, term: string): Locator => details(page).locator(`dt:text-is("${term}") + dd`);
const night = (page: Page, date: string) => page.getByRole("button", { name: nightLabel(date), exact: true });

test.describe("price calendar", () => {
  test("shows twelve months whose nights carry the service's prices, recommendations and custom rates", async ({
    page,
  }) => {
    // A year of nights checked four times and scanned by axe: over 30 s on a busy machine.
    test.slow();
    const { withRates: listing } = await listingsForRates();
    const range = yearRange();
    const truth = await svcGet<PriceCalendar>(
      `/listings/${listing.svc_id}/price_calendar?${rangeQuery(range)}`,
    );
    const recommendations = await svcGet<PriceRecommendations>(
      `/listings/${listing.svc_id}/price_recommendations?${rangeQuery(range)}`,
    );

    await withSessionOf(page, "owner");
    await openTab(page, listing, "calendar");

    const calendar = page.getByTestId("price-calendar");
    await expect(calendar.locator("table[data-month]")).toHaveCount(12);
    await expect(calendar.locator("[data-date]")).toHaveCount(truth.nights.length);

    const first = truth.nights[0]!;
    const custom = truth.nights.find((n) => n.custom_rate !== null)!;
    const booked = truth.nights.find((n) => n.is_booked)!;
    const open = truth.nights.filter((n) => n.available).at(-1)!;
    for (const sample of [first, custom, booked, open]) {
      await night(page, sample.date).click();
      await expect(details(page).getByRole("heading")).toHaveText(nightLabel(sample.date));
      await expect(detail(page, "Price on the channel")).toHaveText(money(sample.price, truth.currency));
      await expect(detail(page, "Recommendation")).toHaveText(
        money(sample.recommended_price, truth.currency),
      );
      // The minimum stay that applies: a custom rate's where it covers the night, which the
      // recommendations state and the price calendar's own min_stay does not.
      const applied = minStayWords(
        appliedMinStay({
          calendar: sample.min_stay,
          hasCustomRate: sample.custom_rate !== null,
          recommendation: recommendations.recommendations.find((r) => r.date === sample.date)?.min_stay,
        }),
      );
      await expect(detail(page, "Minimum stay")).toHaveText(`${applied.value}${applied.note ?? ""}`);
      await expect(detail(page, "Status")).toContainText(
        sample.is_booked ? "Booked" : sample.available ? "Open" : "Blocked by the host",
      );
      await expect(detail(page, "Custom rate")).toHaveText(
        sample.custom_rate ? rateWords(sample.custom_rate, truth.currency) : "None",
      );
    }
    // The custom rate is marked on its square; a night without one is not.
    await expect(night(page, custom.date).locator("[data-marker='custom-rate']")).toHaveCount(1);
    await expect(
      night(page, first.custom_rate ? open.date : first.date).locator("[data-marker]"),
    ).toHaveCount(0);
    await expect(night(page, booked.date)).toHaveAttribute("data-status", "booked");

    // The neighborhood reference and the last posting are there too.
    await expect(
      page.locator("section[data-state]", { hasText: "Your price and the neighborhood" }),
    ).toHaveAttribute("data-state", "ready");
    await expect(page.getByTestId("last-posted")).toHaveAttribute("data-state", "ready");
    await expect(page.getByTestId("last-posted")).toContainText("Latest posting:");

    expect(await seriousViolations(page)).toEqual([]);
  });

  test("arrow keys move between nights across months, and the details follow", async ({ page }) => {
    const { withRates: listing } = await listingsForRates();
    const range = yearRange();
    await withSessionOf(page, "owner");
    await openTab(page, listing, "calendar");

    await night(page, range.start_date).focus();
    await page.keyboard.press("ArrowDown");
    await expect(night(page, addDays(range.start_date, 7))).toBeFocused();
    await expect(details(page).getByRole("heading")).toHaveText(nightLabel(addDays(range.start_date, 7)));
    await page.keyboard.press("ArrowRight");
    await expect(night(page, addDays(range.start_date, 8))).toBeFocused();
  });

  test("overlays are fetched only when turned on and show the fee impact and the minimum-stay calendar", async ({
    page,
  }) => {
    // A year of nights painted three times over (plain, fee impact, minimum stay).
    test.slow();
    const { withRates: listing } = await listingsForRates();
    const range = yearRange();
    const query = rangeQuery(range);
    const fees = await svcGet<FeeImpactCalendar>(`/listings/${listing.svc_id}/fee_impact_calendar?${query}`);
    const minStays = await svcGet<MinStayCalendar>(`/listings/${listing.svc_id}/min_stay_calendar?${query}`);
    const truth = await svcGet<PriceCalendar>(`/listings/${listing.svc_id}/price_calendar?${query}`);
    const overlayRequests: string[] = [];
    page.on("request", (r) => {
      if (/fee_impact_calendar|min_stay_calendar/.test(r.url()))
        overlayRequests.push(new URL(r.url()).pathname);
    });

    await withSessionOf(page, "owner");
    await openTab(page, listing, "calendar");
    expect(overlayRequests).toEqual([]);
    await expect(detail(page, "Guests pay with fees")).toHaveCount(0);

    const sample = truth.nights.find((n) => n.custom_rate !== null) ?? truth.nights[0]!;
    await night(page, sample.date).click();

    await page.getByRole("switch", { name: "Fee impact" }).click();
    const multiplier = fees.days.find((d) => d.date === sample.date)!.fee_multiplier;
    await expect(detail(page, "Guests pay with fees")).toContainText(
      money(Math.round(sample.price * multiplier * 100) / 100, truth.currency),
    );
    expect(overlayRequests).toEqual([`/api/svc/listings/${listing.svc_id}/fee_impact_calendar`]);

    await page.getByRole("switch", { name: "Minimum-stay calendar" }).click();
    const minStay = minStays.days.find((d) => d.date === sample.date)!.min_stay;
    await expect(detail(page, "Minimum-stay calendar")).toContainText(
      `${minStay} ${minStay === 1 ? "night" : "nights"}`,
    );
    await expect(night(page, sample.date)).toContainText(`${minStay}n`);
    expect(overlayRequests).toHaveLength(2);

    // Off and on again inside the stale time: the answer is reused, nothing is fetched.
    await page.getByRole("switch", { name: "Fee impact" }).click();
    await expect(detail(page, "Guests pay with fees")).toHaveCount(0);
    await page.getByRole("switch", { name: "Fee impact" }).click();
    await expect(detail(page, "Guests pay with fees")).toBeVisible();
    expect(overlayRequests).toHaveLength(2);

    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("custom rates", () => {
  async function fillRate(
    scope: Locator,
    rate: {
      start: string;
      end: string;
      kind: "Percent of the recommendation" | "Fixed price";
      value: string;
      minStay?: string;
    },
  ) {
    await scope.getByLabel("First night", { exact: true }).fill(rate.start);
    await scope.getByLabel("Last night", { exact: true }).fill(rate.end);
    await scope.getByRole("radio", { name: rate.kind }).click();
    await scope
      .getByLabel(rate.kind === "Fixed price" ? "Nightly price" : "Percent", { exact: true })
      .fill(rate.value);
    if (rate.minStay) await scope.getByLabel("Minimum stay (optional)", { exact: true }).fill(rate.minStay);
  }

  test("a custom rate is created and deleted, and the service holds exactly that", async ({ page }) => {
    // Two tabs, a write, the year calendar and an axe scan: over 30 s on a busy machine.
    test.slow();
    const { withoutRates: listing } = await listingsForRates();
    const start = addDays(todayUtc(), 10);
    const end = addDays(todayUtc(), 12);
    await withSessionOf(page, "owner");
    await openTab(page, listing, "custom-rates");
    await expect(
      page.getByText("No custom rates: every night follows the service's recommendation."),
    ).toBeVisible();

    const form = page.getByRole("region", { name: "Add a custom rate" });
    await fillRate(form, { start, end, kind: "Percent of the recommendation", value: "-15", minStay: "3" });
    await form.getByRole("button", { name: "Add custom rate" }).click();
    await expect(
      page.getByText(`Custom rate added for ${periodDates({ start_date: start, end_date: end })}.`),
    ).toBeVisible();

    const saved = await customRatesOf(listing.svc_id);
    expect(saved).toEqual([
      expect.objectContaining({
        start_date: start,
        end_date: end,
        price_type: "percent",
        price_value: -15,
        min_stay: 3,
      }),
    ]);
    const row = page
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: new RegExp(periodDates(saved[0]!)) }) });
    await expect(row).toContainText("15% below the recommendation");
    await expect(row).toContainText("3 nights");
    expect(await seriousViolations(page)).toEqual([]);

    // The calendar shows it on its nights (its queries were invalidated by the write).
    await page.getByRole("tab", { name: "Price calendar" }).click();
    await expect(page.getByTestId("price-calendar")).toHaveAttribute("data-state", "ready");
    await expect(night(page, start).locator("[data-marker='custom-rate']")).toHaveCount(1);

    await page.getByRole("tab", { name: "Custom rates" }).click();
    await row.getByRole("button", { name: `Delete the custom rate for ${periodDates(saved[0]!)}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this custom rate?" });
    await confirm.getByRole("button", { name: "Delete custom rate" }).click();
    await expect(confirm).toBeHidden();
    await expect(
      page.getByText("No custom rates: every night follows the service's recommendation."),
    ).toBeVisible();
    expect(await customRatesOf(listing.svc_id)).toEqual([]);
  });

  test("a viewer reads custom rates but is told why they cannot be changed", async ({ page }) => {
    const { withRates: listing } = await listingsForRates();
    await withSessionOf(page, "viewer");
    await openTab(page, listing, "custom-rates");
    await expect(page.getByRole("note").filter({ hasText: VIEWER_CUSTOM_RATES_REASON })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add custom rate" })).toBeDisabled();
    await expect(page.getByRole("button", { name: /^Delete the custom rate for/ }).first()).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("one custom rate is applied to two listings selected in the portfolio, with a result per listing", async ({
    page,
  }) => {
    const portfolio = (await portfolioOf("owner")).filter((l) => l.is_active && !l.is_hidden);
    const picked = portfolio.slice(0, 2);
    // A price inside both listings' limits, so that no pricing guardrail asks for a confirmation.
    const price = Math.max(175, ...picked.map((l) => l.listing_preferences.min_price ?? 0));
    for (const l of picked) expect(price).toBeLessThanOrEqual(l.listing_preferences.max_price ?? Infinity);
    const start = addDays(todayUtc(), 20);
    const end = addDays(todayUtc(), 21);

    await signInAs(page, "owner");
    for (const listing of picked) await rowOf(page, listing).getByRole("checkbox").check();
    await page.getByRole("button", { name: "Custom rate for 2 listings…" }).click();
    const dialog = page.getByRole("dialog", { name: "Apply a custom rate" });
    await fillRate(dialog, { start, end, kind: "Fixed price", value: String(price) });
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Apply to 2 listings" }).click();

    const results = page.getByRole("dialog", { name: "Custom rate: the result" }).getByRole("list", {
      name: "Result per listing",
    });
    for (const listing of picked) {
      await expect(results.getByRole("listitem").filter({ hasText: listing.name })).toContainText("Applied");
      expect(await customRatesOf(listing.svc_id)).toContainEqual(
        expect.objectContaining({
          start_date: start,
          end_date: end,
          price_type: "fixed",
          price_value: price,
        }),
      );
    }
  });
});
