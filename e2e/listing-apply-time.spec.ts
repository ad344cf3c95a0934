import type { Locator, Page } from "@playwright/test";
import { money, nightLabel } from "../components/listing/calendar/calendar-display";
import { addDays, calendarYearRange } from "../lib/listing/calendar/dates";
import { bookedNightsWarning, bookedOverlap } from "../lib/listing/custom-rates/booked";
import { periodDates } from "../lib/listing/custom-rates/words";
import type { PriceCalendar } from "../lib/svc/schemas/calendar";
import type { Listing } from "../lib/svc/schemas/listings";
import { expect, portfolioOf, seriousViolations, svcGet, test, withSessionOf } from "./fixtures";
import { advanceClock, control, openWebhooksPage } from "./webhooks-support";

/**
 * What a saved change does now and what waits: a preference save stores the settings and the
 * recommendations move at the market's next pricing run, which the open page hears; a custom
 * rate is warned about before it covers booked nights, and its minimum stay is the night's.
 */

const todayUtc = () => new Date().toISOString().slice(0, 10);

async function calendarOf(svcId: string): Promise<PriceCalendar> {
  const range = calendarYearRange(todayUtc());
  return svcGet<PriceCalendar>(
    `/listings/${svcId}/price_calendar?channel=svc&start_date=${range.start_date}&end_date=${range.end_date}`,
  );
}

const details = (page: Page) => page.getByRole("region", { name: "Night details" });
const detail = (page: Page, term: string): Locator => details(page).locator(`dt:text-is("${term}") + dd`);
const night = (page: Page, date: string) => page.getByRole("button", { name: nightLabel(date), exact: true });

/** A guardrail may ask for a confirmation; the value is meant, so it is given. */
async function confirmIfAsked(scope: Locator, button: string, fallback: string) {
  const confirm = scope.getByRole("checkbox", { name: /anyway: I mean/ });
  await scope.getByRole("button", { name: fallback }).click();
  if (await confirm.isVisible()) {
    await confirm.check();
    await scope.getByRole("button", { name: button }).click();
  }
}

test("a settings change is followed by recommendations.updated when recommendations are next computed: the save says so, and the run moves the open calendar", async ({
  page,
}) => {
  // A save, a year calendar painted, a pricing run delivered and the calendar painted again.
  test.slow();
  const listing = (await portfolioOf("owner")).find(
    (l) => l.is_active && !l.is_hidden && l.access_level === "owner",
  )!;

  await withSessionOf(page, "owner");
  await openWebhooksPage(page);
  const panel = page.getByTestId("dashboard-connection");
  await panel.getByRole("button", { name: "Connect" }).click();
  await expect(panel).toHaveAttribute("data-state", "connected");

  try {
    await page.goto(`/listings/${listing.svc_id}?tab=preferences`);
    await expect(page.getByTestId("preferences-tab")).toHaveAttribute("data-state", "ready");
    // The page's own marker: a full reload would lose it.
    await page.evaluate(() => ((window as unknown as { liveMarker: number }).liveMarker = 1));

    const adjustment = page
      .getByRole("group", { name: "Base price adjustment", exact: true })
      .getByRole("textbox", { name: "Adjustment" });
    const was = Number((await adjustment.inputValue()) || "0");
    // Five points: the run prices the listing under it (about 5 % up) besides its own small step.
    await adjustment.fill(String(was + 5));
    const actions = page.getByTestId("editor-actions");
    await confirmIfAsked(actions, "Save anyway", "Save changes");

    const outcome = actions.getByRole("status");
    await expect(outcome).toContainText("Saved.");
    await expect(outcome).toContainText("Now: Stored now: base price adjustment.");
    await expect(outcome).toContainText(
      "Next: The price calendar's recommendations change at the next pricing run of the listing's market, not on save",
    );
    await expect(outcome).toContainText("The price calendar refreshes by itself when they arrive.");

    // The calendar, opened in the same page, still shows the recommendations of before the run.
    const before = await calendarOf(listing.svc_id);
    const sample = before.nights.find(
      (n) => n.available && n.date > addDays(before.start_date, 3) && n.recommended_price >= 100,
    )!;
    await page.getByRole("tab", { name: "Price calendar" }).click();
    await expect(page.getByTestId("price-calendar")).toHaveAttribute("data-state", "ready");
    await night(page, sample.date).click();
    const recommendation = detail(page, "Recommendation");
    await expect(recommendation).toHaveText(money(sample.recommended_price, before.currency));

    // The market's pricing run, delivered past the five-minute batching window.
    await control("simulate", { event: "pricing_run", market_id: listing.market_id });
    const after = (await calendarOf(listing.svc_id)).nights.find((n) => n.date === sample.date)!;
    const scale = (1 + (was + 5) / 100) / (1 + was / 100);
    expect(after.recommended_price / sample.recommended_price).toBeGreaterThan(scale * 0.97);
    expect(after.recommended_price / sample.recommended_price).toBeLessThan(scale * 1.03);
    await advanceClock(301);

    await expect(recommendation).toHaveText(money(after.recommended_price, before.currency), {
      timeout: 30_000,
    });
    expect(await page.evaluate(() => (window as unknown as { liveMarker?: number }).liveMarker)).toBe(1);
  } finally {
    await openWebhooksPage(page);
    await panel.getByRole("button", { name: "Disconnect" }).click();
    await expect(panel).toHaveAttribute("data-state", "not-connected");
  }
});

/** An owner's listing with a booked night, a day out or more, beside an open one. */
async function bookedBesideOpen(): Promise<{
  listing: Listing;
  calendar: PriceCalendar;
  booked: string;
  open: string;
}> {
  const portfolio = (await portfolioOf("owner")).filter(
    (l) => l.is_active && !l.is_hidden && l.access_level === "owner",
  );
  for (const listing of portfolio) {
    const calendar = await calendarOf(listing.svc_id);
    const byDate = new Map(calendar.nights.map((n) => [n.date, n]));
    for (const n of calendar.nights) {
      if (!n.is_booked || n.date <= addDays(todayUtc(), 2)) continue;
      const next = byDate.get(addDays(n.date, 1));
      if (next?.available && next.custom_rate === null)
        return { listing, calendar, booked: n.date, open: next.date };
    }
  }
  throw new Error("no seeded listing has a booked night beside an open one");
}

test("a custom rate over booked nights is warned with the nights named, and its minimum stay is the night's", async ({
  page,
}) => {
  test.slow();
  const { listing, calendar, booked, open } = await bookedBesideOpen();
  const period = { start_date: addDays(booked, -1), end_date: open };
  const warning = bookedNightsWarning(bookedOverlap(calendar.nights, period))!;
  const listingMinStay = calendar.nights.find((n) => n.date === open)!.min_stay;
  const rateMinStay = listingMinStay === 2 ? 3 : 2;

  await withSessionOf(page, "owner");
  await page.goto(`/listings/${listing.svc_id}?tab=custom-rates`);
  await expect(page.getByTestId("custom-rates")).toHaveAttribute("data-state", "ready");

  const form = page.getByRole("region", { name: "Add a custom rate" });
  await form.getByLabel("First night", { exact: true }).fill(period.start_date);
  await form.getByLabel("Last night", { exact: true }).fill(period.end_date);
  await form.getByRole("radio", { name: "Percent of the recommendation" }).click();
  await form.getByLabel("Percent", { exact: true }).fill("0");
  await form.getByLabel("Minimum stay (optional)", { exact: true }).fill(String(rateMinStay));

  // Before saving: the booked nights, named in words.
  await expect(form.getByTestId("booked-nights")).toHaveText(`Check: ${warning}`);
  expect(await seriousViolations(page)).toEqual([]);

  await confirmIfAsked(form, "Add anyway", "Add custom rate");
  const outcome = form.getByTestId("custom-rate-outcome");
  await expect(outcome).toContainText(`Custom rate added for ${periodDates(period)}.`);
  await expect(outcome).toContainText(
    `Now: The price to post and the minimum stay of ${periodDates(period)} follow the custom rate now.`,
  );
  await expect(outcome).toContainText("Next: The channel shows the old prices for them until");

  // The open night it covers shows the custom rate's minimum stay, not the listing's.
  await page.getByRole("tab", { name: "Price calendar" }).click();
  await expect(page.getByTestId("price-calendar")).toHaveAttribute("data-state", "ready");
  await night(page, open).click();
  await expect(detail(page, "Minimum stay")).toHaveText(
    `${rateMinStay} nightsSet by the custom rate (the listing's is ${listingMinStay} ${
      listingMinStay === 1 ? "night" : "nights"
    })`,
  );
});
