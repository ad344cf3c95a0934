import { describe, expect, it } from "vitest";
import { PACE_CSV_COLUMNS, paceCsv } from "@/lib/pace/csv";
import type { PaceRowView } from "@/lib/pace/queries";

describe("the pace CSV", () => {
  it("a period column, a currency column, then the figures by their definitions' names; unknown figures empty", () => {
    const row = Object.fromEntries(PACE_CSV_COLUMNS.map((c, i) => [c, i])) as unknown as PaceRowView;
    const csv = paceCsv([
      { ...row, period: "2026-12", currency: "USD", otb_adr: null, delta_nights_pct: null },
      { ...row, period: "2026-12", currency: "EUR" },
    ]);
    const [header, usd, eur] = csv.trimEnd().split("\r\n");
    expect(header).toBe(PACE_CSV_COLUMNS.join(","));
    expect(
      header!.startsWith("period,currency,listings,otb_nights,otb_revenue,otb_adr,otb_occupancy,stly_nights"),
    ).toBe(true);
    expect(usd!.split(",").slice(0, 6)).toEqual(["2026-12", "USD", "2", "3", "4", ""]);
    expect(usd!.split(",")[PACE_CSV_COLUMNS.indexOf("delta_nights_pct")]).toBe("");
    expect(eur!.split(",")[1]).toBe("EUR");
  });
});
