import { describe, expect, it } from "vitest";
import { overlayMine } from "@/lib/sets/analytics/mine-series";
import { bandSeries } from "@/lib/metrics/aggregate-series";
import type { MonthlyKpis } from "@/lib/svc/schemas/kpis";

const band = bandSeries(
  ["2026-01-01", "2026-02-01", "2026-03-01"].map((date, i) => ({
    date,
    value: 100 + i,
    p25: 80 + i,
    p50: 100 + i,
    p75: 120 + i,
  })),
  "month",
);

const kpis = (currency: string, months: Array<[string, number | null]>) =>
  ({
    listing_id: "svc_1",
    currency,
    months: months.map(([month, adr]) => ({ month, adr })),
  }) as unknown as MonthlyKpis;

describe("my listing's line over the comps' band", () => {
  it("lays my monthly figures on the band's months and names the months without one", () => {
    const overlay = overlayMine(
      band,
      [
        {
          listingId: "svc_1",
          name: "My loft",
          kpis: kpis("USD", [
            ["2026-01", 150],
            ["2026-03", null],
          ]),
        },
      ],
      "adr",
      "month",
      "USD",
    );
    expect(overlay.lines).toEqual([
      { key: "mine0", listingId: "svc_1", name: "My loft", missing: ["Feb 2026", "Mar 2026"] },
    ]);
    expect(overlay.rows.map((r) => r.mine0)).toEqual([150, null, null]);
    // The band itself is untouched: my figures never enter the comps' p25–p75.
    expect(overlay.rows.map((r) => r.band)).toEqual(band.map((b) => b.band));
  });

  it("leaves a listing in another currency off a money metric, and names it", () => {
    const overlay = overlayMine(
      band,
      [{ listingId: "svc_1", name: "My loft", kpis: kpis("EUR", [["2026-01", 150]]) }],
      "adr",
      "month",
      "USD",
    );
    expect(overlay.lines).toEqual([]);
    expect(overlay.offScale).toEqual([{ name: "My loft", currency: "EUR" }]);
    // A share is a share in any currency.
    const occupancy = overlayMine(
      band,
      [{ listingId: "svc_1", name: "My loft", kpis: kpis("EUR", []) }],
      "occupancy_adjusted",
      "month",
      "USD",
    );
    expect(occupancy.lines).toHaveLength(1);
  });

  it("draws no line on a daily or weekly range, and says why", () => {
    const overlay = overlayMine(
      band,
      [{ listingId: "svc_1", name: "My loft", kpis: kpis("USD", [["2026-01", 150]]) }],
      "adr",
      "day",
      "USD",
    );
    expect(overlay).toMatchObject({ lines: [], notMonthly: true });
  });

  it("skips a listing whose figures are not read yet", () => {
    const overlay = overlayMine(
      band,
      [{ listingId: "svc_1", name: "My loft", kpis: null }],
      "adr",
      "month",
      "USD",
    );
    expect(overlay.lines).toEqual([]);
  });
});
