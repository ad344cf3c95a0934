import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { addDays, todayUtc } from "@/lib/format/dates";
import { putCustomRates } from "@/lib/listing/custom-rates/queries";
import { rangeEnd, type CalendarRange } from "@/lib/sets/calendar/queries";
import type { PriceCalendar } from "@/lib/svc/schemas/calendar";
import type { Listing } from "@/lib/svc/schemas/listings";
import type { SetRecord } from "@/lib/svc/schemas/sets";
import { sentFromPage, serviceAnswer, withServiceInPage } from "@/test-support/dom-service";
import { newQueryClient, renderPage } from "@/test-support/render";
import { useMineCalendars } from "@/components/sets/calendar/use-mine-calendars";

withServiceInPage();

/** What the hook holds for each listing of mine, in words a test can read. */
function Probe({ setId, range }: { setId: string; range: CalendarRange }) {
  const state = useMineCalendars(setId, range, true);
  return (
    <ul data-testid="mine" data-settled={String(state.settled)}>
      {state.mine.map((m) => (
        <li key={m.listingId} data-listing={m.listingId} data-post-state={m.postState}>
          {[...m.postPrices.keys()].length}
        </li>
      ))}
    </ul>
  );
}

describe("my listings' prices to post on the set calendar", () => {
  it("are read once for each of my listings with a custom rate in the range, and for no other", async () => {
    const sets = await serviceAnswer<SetRecord[]>("/sets?per_page=100");
    const set = sets.find((s) => s.associated_listing_count >= 2)!;
    expect(set, "a seeded set with two associated listings or more").toBeDefined();
    const associated = await serviceAnswer<Listing[]>(`/sets/${set.id}/associated_listings`);
    const range: CalendarRange = { start: todayUtc(), nights: 30 };
    const dates = `start_date=${range.start}&end_date=${rangeEnd(range)}`;
    const calendarOf = (l: Listing) =>
      serviceAnswer<PriceCalendar>(`/listings/${l.svc_id}/price_calendar?channel=svc&${dates}`);

    // One listing of mine is given a custom rate in the range, so at least one has one.
    const first = associated.find((l) => l.access_level === "owner") ?? associated[0]!;
    const night = addDays(range.start, 5);
    await putCustomRates(newQueryClient(), first.svc_id, {
      custom_rates: [{ start_date: night, end_date: night, price_type: "fixed", price_value: 199 }],
    });
    const rated = new Set<string>();
    for (const listing of associated) {
      if ((await calendarOf(listing)).nights.some((n) => n.custom_rate !== null)) rated.add(listing.svc_id);
    }
    expect(rated.has(first.svc_id)).toBe(true);
    expect(rated.size, "a listing of mine without a custom rate in the range").toBeLessThan(
      associated.length,
    );
    sentFromPage.length = 0;

    renderPage(<Probe setId={set.id} range={range} />);
    const mine = await screen.findByTestId("mine");
    await waitFor(() => expect(mine).toHaveAttribute("data-settled", "true"), { timeout: 10_000 });

    const recommendationReads = sentFromPage.filter((r) => r.includes("/price_recommendations"));
    expect(recommendationReads.map((r) => r.match(/listings\/([^/]+)\//)![1]).sort()).toEqual(
      [...rated].sort(),
    );
    // One listing calendar read per listing of mine, as before.
    expect(sentFromPage.filter((r) => r.includes("/price_calendar"))).toHaveLength(associated.length);
    for (const listing of associated) {
      const row = mine.querySelector(`[data-listing="${listing.svc_id}"]`)!;
      expect(row).toHaveAttribute("data-post-state", rated.has(listing.svc_id) ? "ready" : "off");
      // Read for the whole range, the price to post of every night.
      if (rated.has(listing.svc_id)) expect(row).toHaveTextContent(String(range.nights));
    }
  });
});
