import { describe, expect, it } from "vitest";
import type { PortfolioKpiRow } from "@/lib/svc/schemas/kpis";
import { pulseByCurrency } from "@/lib/overview/pulse";

const row = (listing_id: string, value: number | null, currency = "USD"): PortfolioKpiRow => ({
  listing_id,
  partner_listing_id: `p${listing_id}`,
  channel: "airbnb",
  value,
  currency,
  updated_at: value === null ? null : "2026-11-25T00:00:00Z",
});

describe("pulseByCurrency", () => {
  it("keeps currencies apart: amounts in two currencies are never added", () => {
    const groups = pulseByCurrency({
      revenue: [row("1", 1000), row("2", 500, "EUR"), row("3", 250)],
      nightsBooked: [row("1", 10), row("2", 5, "EUR"), row("3", 5)],
      occupancy: [row("1", 50), row("2", 20, "EUR"), row("3", 10)],
    });
    expect(groups.map((g) => [g.currency, g.listings, g.revenue])).toEqual([
      ["USD", 2, 1250],
      ["EUR", 1, 500],
    ]);
  });

  it("pools ADR as revenue over booked nights, never a mean of listing ADRs", () => {
    const [usd] = pulseByCurrency({
      revenue: [row("1", 1000), row("2", 100)],
      nightsBooked: [row("1", 10), row("2", 1)],
      occupancy: [row("1", 40), row("2", 10)],
    });
    // Mean of ADRs would be 100; pooled is 1100 / 11.
    expect(usd?.adr).toBe(100);
    expect(usd?.occupancy).toBe(25);
  });

  it("an ungenerated figure is unknown, not 0: counted apart and left out of sums", () => {
    const [usd] = pulseByCurrency({
      revenue: [row("1", null), row("2", 300)],
      nightsBooked: [row("1", null), row("2", 3)],
      occupancy: [row("1", null), row("2", 30)],
    });
    expect(usd).toMatchObject({ listings: 2, withoutFigures: 1, revenue: 300, adr: 100, occupancy: 30 });
  });

  it("a currency with no figures at all reads null everywhere", () => {
    const [eur] = pulseByCurrency({
      revenue: [row("1", null, "EUR")],
      nightsBooked: [row("1", null, "EUR")],
      occupancy: [row("1", null, "EUR")],
    });
    expect(eur).toMatchObject({ revenue: null, adr: null, occupancy: null, withoutFigures: 1 });
  });

  it("ADR is unknown without booked nights, even with revenue rows at 0", () => {
    const [usd] = pulseByCurrency({
      revenue: [row("1", 0)],
      nightsBooked: [row("1", 0)],
      occupancy: [row("1", 0)],
    });
    expect(usd).toMatchObject({ revenue: 0, adr: null, occupancy: 0 });
  });

  it("leaves out the listings the filter rejects (hidden ones)", () => {
    const groups = pulseByCurrency(
      { revenue: [row("1", 10), row("2", 20)], nightsBooked: [], occupancy: [] },
      (id) => id !== "2",
    );
    expect(groups).toEqual([
      { currency: "USD", listings: 1, withoutFigures: 0, revenue: 10, occupancy: null, adr: null },
    ]);
  });
});
