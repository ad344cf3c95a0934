import { describe, expect, it } from "vitest";
import type { MirrorGroup } from "@/lib/server/mirror/mirror-store";
import { paidSetIds, setPricesOf, setPricesRange } from "@/lib/server/mirror/set-prices";

const night = (date: string, price: number) => ({
  date,
  price,
  available: true,
  booking_probability_percent: 0,
  min_stay: 1,
});
const comp = (id: string, prices: Array<number | null>) => ({
  listing_id: id,
  name: id,
  nights: prices.flatMap((p, i) => (p === null ? [] : [night(`2026-11-${29 + i}`, p)])),
});

describe("a paid set's comps' prices of a day", () => {
  it("the median of each night's median over the comps priced that night", () => {
    // Night 1: 100, 120, 200 -> 120. Night 2: 110, 130 (one comp unpriced) -> 120. Night 3: none.
    const calendar = {
      currency: "EUR",
      start_date: "2026-11-29",
      end_date: "2026-12-01",
      listings: [comp("c1", [100, 110, null]), comp("c2", [120, null, null]), comp("c3", [200, 130, null])],
    };
    expect(setPricesOf("2026-11-29", calendar)).toEqual({
      day: "2026-11-29",
      currency: "EUR",
      median: 120,
      comps: 3,
      nights: 2,
    });
    const moved = { ...calendar, listings: [comp("c1", [100, 300, null]), comp("c2", [140, 100, null])] };
    // Night 1: 120 (mean of the two middle values), night 2: 200; their median: 160.
    expect(setPricesOf("2026-11-29", moved).median).toBe(160);
    expect(setPricesOf("2026-11-29", { ...calendar, listings: [] })).toMatchObject({
      median: null,
      nights: 0,
    });
  });

  it("covers today and the next 29 nights, and is read for paid sets only", () => {
    expect(setPricesRange("2026-11-29")).toEqual({ start_date: "2026-11-29", end_date: "2026-12-28" });
    const set = (id: string, body: unknown): MirrorGroup => ({
      kind: "set",
      id,
      name: id,
      listingIds: [],
      body,
    });
    expect(
      paidSetIds([
        set("set_paid", { is_paid: true }),
        set("set_free", { is_paid: false }),
        set("set_unsaid", {}),
        set("set_text", { is_paid: "true" }),
        { kind: "segment", id: "seg_1", name: "s", listingIds: [], body: { is_paid: true } },
      ]),
    ).toEqual(["set_paid"]);
  });
});
