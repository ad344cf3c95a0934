import { describe, expect, it } from "vitest";
import {
  DEFAULT_DAYS_AHEAD,
  DEFAULT_DAYS_BACK,
  filterFromParams,
  pageCountOf,
  reservationsRequest,
  reservationStatusLabels,
  revenueOf,
  standingSummary,
} from "@/lib/listing/records/reservations-filter";
import { labelOf } from "@/lib/display/open-values";
import type { Reservation } from "@/lib/svc/schemas/reservations";
import { addDays } from "@/lib/format/dates";

const TODAY = "2026-11-21";
const none = { by: null, from: null, to: null, page: 1 };

const reservation = (over: Partial<Reservation>): Reservation => ({
  reservation_id: "HM1",
  listing_id: "1000001",
  channel: "airbnb",
  status: "Accepted",
  check_in: "2026-11-10",
  check_out: "2026-11-13",
  nights: 3,
  guests: 2,
  booked_at: "2026-10-01T10:00:00Z",
  canceled_at: null,
  currency: "USD",
  nightly_subtotal: 300,
  fees: 50,
  taxes: 20,
  payout: 330,
  total_price: 370,
  comments: null,
  source_name: "Airbnb",
  ...over,
});

describe("the reservations filter", () => {
  it("defaults to stays overlapping the last month and the next three", () => {
    const result = filterFromParams(none, TODAY);
    expect(result).toEqual({
      ok: true,
      filter: {
        by: "stay",
        from: addDays(TODAY, -DEFAULT_DAYS_BACK),
        to: addDays(TODAY, DEFAULT_DAYS_AHEAD),
        page: 1,
      },
    });
  });

  it("takes the date filter type and range from the URL", () => {
    const result = filterFromParams({ by: "booked", from: "2026-01-01", to: "2026-03-31", page: 2 }, TODAY);
    expect(result).toEqual({
      ok: true,
      filter: { by: "booked", from: "2026-01-01", to: "2026-03-31", page: 2 },
    });
  });

  it("an unreadable value in the URL falls back to its default instead of blanking the tab", () => {
    const result = filterFromParams({ by: "whenever", from: "2026-02-30", to: "soon", page: 0 }, TODAY);
    expect(result.ok).toBe(true);
    expect(result.filter.by).toBe("stay");
    expect(result.filter.from).toBe(addDays(TODAY, -DEFAULT_DAYS_BACK));
    expect(result.filter.page).toBe(1);
  });

  it("an end before the start is refused in words, before any request", () => {
    const result = filterFromParams({ by: "check_in", from: "2026-05-01", to: "2026-04-01", page: 1 }, TODAY);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).toMatch(/end date is before the start/);
  });

  it("asks the service for one page of the filter, by svc id", () => {
    expect(
      reservationsRequest({ by: "check_out", from: "2026-01-01", to: "2026-01-31", page: 3 }, 25),
    ).toEqual({
      channel: "svc",
      date_filter_type: "check_out",
      start_date: "2026-01-01",
      end_date: "2026-01-31",
      page: 3,
      per_page: 25,
    });
  });
});

describe("paging", () => {
  it("counts pages from X-Total-Count when the service sends it", () => {
    expect(pageCountOf(51, 1, 25, 25)).toBe(3);
    expect(pageCountOf(0, 1, 0, 25)).toBe(1);
  });

  it("without X-Total-Count a full page may have a next one and a short page is the last", () => {
    expect(pageCountOf(null, 2, 25, 25)).toBe(3);
    expect(pageCountOf(null, 2, 7, 25)).toBe(2);
  });

  it("a service that answers 20 rows when 25 are asked still reaches every page", () => {
    // 100 reservations: page 1's 20 rows against the count prove pages of 20, so five pages.
    expect(pageCountOf(100, 1, 20, 25)).toBe(5);
    for (const page of [2, 3, 4, 5]) expect(pageCountOf(100, page, 20, 25, 20)).toBe(5);
    // Without a count, a page full at the service's size may have a next one.
    expect(pageCountOf(null, 4, 20, 25, 20)).toBe(5);
    expect(pageCountOf(null, 5, 12, 25, 20)).toBe(5);
  });
});

describe("reading a reservation", () => {
  it("revenue is the total price, else the payout, else unknown (never 0)", () => {
    expect(revenueOf(reservation({}))).toBe(370);
    expect(revenueOf(reservation({ total_price: null }))).toBe(330);
    expect(revenueOf(reservation({ total_price: null, payout: null }))).toBeNull();
  });

  it("canceled reservations are counted apart and their nights are not counted", () => {
    const page = [
      reservation({}),
      reservation({ reservation_id: "HM2", status: "Canceled", canceled_at: "2026-11-01T00:00:00Z" }),
    ];
    expect(standingSummary(page)).toEqual({ standing: 1, canceled: 1, nights: 3 });
  });

  it("a reservation status we do not know is neither standing nor canceled, and is shown in words", () => {
    const page = [reservation({}), reservation({ reservation_id: "HM3", status: "Pending" })];
    expect(standingSummary(page)).toEqual({ standing: 1, canceled: 0, nights: 3, other: 1 });
    expect(labelOf(reservationStatusLabels, "pending_review")).toBe("Pending review");
    expect(labelOf(reservationStatusLabels, "Accepted")).toBe("Accepted");
  });
});
