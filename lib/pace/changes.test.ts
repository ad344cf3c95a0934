import { describe, expect, it } from "vitest";
import { changedCells } from "@/lib/pace/changes";
import type { PaceRowView } from "@/lib/pace/queries";

const row = (period: string, currency: string, figures: Partial<PaceRowView> = {}) =>
  ({ period, currency, otb_nights: 10, otb_revenue: 1000, pickup_nights: 2, ...figures }) as PaceRowView;

describe("what a live update highlights", () => {
  it("the figures of a row that moved, and only those", () => {
    const changed = changedCells(
      [row("2026-12", "USD"), row("2027-01", "USD")],
      [row("2026-12", "USD", { otb_nights: 13, pickup_nights: 5 }), row("2027-01", "USD")],
    );
    expect([...changed].sort()).toEqual(["2026-12:USD:otb_nights", "2026-12:USD:pickup_nights"]);
  });

  it("a row new to the table, or another currency's, is not a change", () => {
    expect(
      changedCells([row("2026-12", "USD")], [row("2026-12", "EUR", { otb_nights: 3 }), row("2027-01", "USD")])
        .size,
    ).toBe(0);
  });
});
