import { describe, expect, it } from "vitest";
import { NOTHING_MEASURED, type ListingMeasures } from "@/lib/triage/factors";
import { scoreListing } from "@/lib/triage/score";
import { bandLabel, bandOf } from "@/lib/triage/words";
import { triageCsv, TRIAGE_CSV_HEADER } from "@/lib/triage/csv";

const healthy: ListingMeasures = {
  pace_30: { nights: 30, window: 30, otb: 20, stly: 20 },
  pace_60: { nights: 60, window: 60, otb: 30, stly: 30 },
  pace_90: { nights: 90, window: 90, otb: 40, stly: 40 },
  market: { booked: 12, sellable: 20, marketOccupancy: 60 },
  last_booking: { days: 2, horizon: 90, openNights: 8 },
  at_minimum: { nights: 0, floor: 80, source: "min_price", currency: "USD" },
  base_price: { actual: 100, recommended: 100, currency: "USD" },
  flags: { critical: 0, warning: 0, other: 0 },
};

describe("the score's weights", () => {
  it("every factor at 100 scores 100 on all eight factors", () => {
    const s = scoreListing(healthy);
    expect(s.score).toBe(100);
    expect(s.measured).toBe(8);
    expect(s.factors.map((f) => f.weight)).toEqual([25, 10, 5, 20, 15, 10, 5, 10]);
  });
  it("is the weighted mean of the sub-scores", () => {
    // pace_30 at 0 (10 against 20): 25 of 100 lost.
    const s = scoreListing({ ...healthy, pace_30: { nights: 30, window: 30, otb: 10, stly: 20 } });
    expect(s.score).toBe(75);
  });
  it("rescales the remaining weights when a factor is not measured", () => {
    // base price (5) and market (20) unmeasured: pace_30 at 0 weighs 25 of 75.
    const s = scoreListing({
      ...healthy,
      base_price: null,
      market: null,
      pace_30: { nights: 30, window: 30, otb: 10, stly: 20 },
    });
    expect(s.measured).toBe(6);
    expect(s.score).toBe(Math.round(100 - (25 * 100) / 75));
    const base = s.factors.find((f) => f.key === "base_price")!;
    expect(base).toMatchObject({ measured: false, sub_score: null, share: 0 });
    expect(base.value).toBe("The mirror holds no recommended base price");
    expect(s.factors.find((f) => f.key === "pace_30")!.share).toBeCloseTo((25 * 100) / 75);
  });
  it("a listing with nothing measured has no score and says so", () => {
    const s = scoreListing(NOTHING_MEASURED);
    expect(s).toMatchObject({ score: null, band: "unscored", measured: 0 });
    expect(s.why).toMatch(/^Not scored: /);
  });
});

describe("the bands", () => {
  it("0-39 needs attention now, 40-69 watch, 70-100 healthy", () => {
    expect([0, 39, 40, 69, 70, 100].map(bandOf)).toEqual([
      "attention",
      "attention",
      "watch",
      "watch",
      "healthy",
      "healthy",
    ]);
    expect(bandLabel("attention")).toBe("Needs attention now");
    expect(bandLabel("watch")).toBe("Watch");
    expect(bandLabel("healthy")).toBe("Healthy");
    expect(bandLabel(bandOf(null))).toBe("Not scored");
  });
});

describe("the why sentence", () => {
  it("names the factor pulling the score down most with its figures, and the next", () => {
    const s = scoreListing({
      ...healthy,
      base_price: null,
      pace_30: { nights: 30, window: 30, otb: 12, stly: 20 },
      at_minimum: { nights: 9, floor: 80, source: "min_price", currency: "USD" },
    });
    expect(s.why).toBe(
      `Score ${s.score}: the next 30 nights are 40 % behind last year (12 against 20 nights), and 9 nights of the next 30 sit at the minimum price.`,
    );
  });
  it("names one factor when only one pulls", () => {
    const s = scoreListing({ ...healthy, flags: { critical: 1, warning: 0, other: 0 } });
    expect(s.why).toBe(`Score ${s.score}: 1 flag is open, a critical one.`);
  });
  it("says nothing pulls a healthy listing down, with how many factors it stands on", () => {
    expect(scoreListing({ ...healthy, base_price: null }).why).toBe(
      "Score 100: nothing pulls it down among the 7 factors measured.",
    );
  });
  it("words the other factors with their figures", () => {
    const s = scoreListing({
      ...NOTHING_MEASURED,
      market: { booked: 6, sellable: 20, marketOccupancy: 60 },
      last_booking: { days: null, horizon: 90, openNights: 12 },
    });
    expect(s.why).toBe(
      "Score 0: occupancy in the next 30 nights is 30 % against the market's 60 %, and no booking still standing was made in the last 90 days.",
    );
  });
});

describe("the triage CSV", () => {
  it("has listing_id, name, score and one column per factor", () => {
    const s = scoreListing({ ...healthy, base_price: null });
    const csv = triageCsv([
      {
        listing_id: "L1",
        name: "=Sea, view",
        score: s.score,
        band: s.band,
        band_label: "Healthy",
        why: s.why,
        factors: s.factors,
      },
    ]);
    const [header, row] = csv.trim().split("\r\n");
    expect(TRIAGE_CSV_HEADER.slice(0, 3)).toEqual(["listing_id", "name", "score"]);
    expect(header).toBe(
      "listing_id,name,score,pace_30,pace_60,pace_90,market,last_booking,at_minimum,base_price,flags,band,why",
    );
    expect(row).toBe(`L1,"'=Sea, view",100,100,100,100,100,100,100,,100,Healthy,${s.why}`);
  });
});
