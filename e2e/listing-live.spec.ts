import { money, nightLabel } from "../components/listing/calendar/calendar-display";
import { addDays, calendarYearRange } from "../lib/listing/calendar/dates";
import type { PriceCalendar } from "../lib/svc/schemas/calendar";
import { expect, keyOf, portfolioOf, SANDBOX, test, withSessionOf } from "./fixtures";
import { advanceClock, control, openWebhooksPage } from "./webhooks-support";

async function calendarOf(svcId: string): Promise<PriceCalendar> {
  const range = calendarYearRange(new Date().toISOString().slice(0, 10));
  const response = await fetch(
    `${SANDBOX}/listings/${svcId}/price_calendar?channel=svc&start_date=${range.start_date}&end_date=${range.end_date}`,
    { headers: { "x-api-key": await keyOf("owner") } },
  );
  expect(response.ok).toBe(true);
  return (await response.json()) as PriceCalendar;
}

/**
 * An open listing's price calendar hears a market's pricing run over the dashboard's own
 * webhook and shows the new recommendation without a reload.
 */
test("the open price calendar shows a pricing run's new recommendations without a reload", async ({
  page,
}) => {
  // A year calendar painted, a pricing run, and the calendar painted again: near 30 s on a busy machine.
  test.slow();
  const listing = (await portfolioOf("owner")).find((l) => l.is_active && !l.is_hidden)!;
  // The market's first run after a reset leaves prices where they are; the second moves them.
  await control("simulate", { event: "pricing_run", market_id: listing.market_id });

  await withSessionOf(page, "owner");
  await openWebhooksPage(page);
  const panel = page.getByTestId("dashboard-connection");
  await panel.getByRole("button", { name: "Connect" }).click();
  await expect(panel).toHaveAttribute("data-state", "connected");

  try {
    const before = await calendarOf(listing.svc_id);
    // An open night a few days out, priced high enough that the run's step shows in whole units.
    const sample = before.nights.find(
      (n) => n.available && n.date > addDays(before.start_date, 3) && n.recommended_price >= 100,
    )!;
    await page.goto(`/listings/${listing.svc_id}?tab=calendar`);
    await expect(page.getByTestId("price-calendar")).toHaveAttribute("data-state", "ready");
    await page.getByRole("button", { name: nightLabel(sample.date), exact: true }).click();
    const recommendation = page
      .getByRole("region", { name: "Night details" })
      .locator('dt:text-is("Recommendation") + dd');
    await expect(recommendation).toHaveText(money(sample.recommended_price, before.currency));
    // The page's own marker: a full reload would lose it.
    await page.evaluate(() => ((window as unknown as { liveMarker: number }).liveMarker = 1));

    await control("simulate", { event: "pricing_run", market_id: listing.market_id });
    const after = (await calendarOf(listing.svc_id)).nights.find((n) => n.date === sample.date)!;
    expect(money(after.recommended_price, before.currency)).not.toBe(
      money(sample.recommended_price, before.currency),
    );
    await advanceClock(301); // past the five-minute batching window: the service delivers

    await expect(page.getByText(/New price recommendations for \d+ listings?/)).toBeVisible({
      timeout: 30_000,
    });
    await expect(recommendation).toHaveText(money(after.recommended_price, before.currency), {
      timeout: 15_000,
    });
    expect(await page.evaluate(() => (window as unknown as { liveMarker?: number }).liveMarker)).toBe(1);
  } finally {
    await openWebhooksPage(page);
    await panel.getByRole("button", { name: "Disconnect" }).click();
    await expect(panel).toHaveAttribute("data-state", "not-connected");
  }
});
