import { describe, expect, it } from "vitest";
import { atFloor, flagFacts, floorOf, isOpen, windowOccupancy, type NightFacts } from "@/lib/alerts/measure";

const night = (date: string, price: number | null, booked: boolean, available = true): NightFacts => ({
  date,
  price,
  booked,
  blocked: !available && !booked,
});
/** A night the calendar said nothing of but its date. */
const unsaid = (date: string): NightFacts => ({ date, price: null, booked: null, blocked: null });

describe("what a rule measures of the price calendar", () => {
  it("an open night is neither booked nor blocked; a night the calendar says nothing of is not open", () => {
    expect(isOpen(night("2026-12-01", 100, false))).toBe(true);
    expect(isOpen(night("2026-12-01", 100, true, false))).toBe(false);
    expect(isOpen(night("2026-12-01", 100, false, false))).toBe(false);
    expect(isOpen(unsaid("2026-12-01"))).toBe(false);
  });

  it("the floor is the listing's minimum price setting, else the lowest price its nights hold when they differ", () => {
    const nights = [night("2026-12-01", 80, false), night("2026-12-02", 120, false)];
    expect(floorOf({ listing_preferences: { min_price: 90 } }, nights)).toEqual({
      floor: 90,
      source: "min_price",
    });
    expect(floorOf({ listing_preferences: { min_price: null } }, nights)).toEqual({
      floor: 80,
      source: "lowest",
    });
    expect(floorOf({}, [night("2026-12-01", 100, false), night("2026-12-02", 100, false)])).toBeNull();
    expect(floorOf({}, [])).toBeNull();
    expect(floorOf({}, [unsaid("2026-12-01"), unsaid("2026-12-02")])).toBeNull();
    expect(
      floorOf({}, [unsaid("2026-12-01"), night("2026-12-02", 70, false), night("2026-12-03", 95, true)]),
    ).toEqual({ floor: 70, source: "lowest" });
    expect(atFloor(night("2026-12-01", 90, false), 90)).toBe(true);
    expect(atFloor(night("2026-12-01", 85, false), 90)).toBe(true);
    expect(atFloor(night("2026-12-01", 90.01, false), 90)).toBe(false);
  });

  it("occupancy over a window counts booked nights over the nights that could sell", () => {
    expect(
      windowOccupancy([
        night("2026-12-01", 1, true, false),
        night("2026-12-02", 1, false),
        night("2026-12-03", 1, false, false),
        unsaid("2026-12-04"),
      ]),
    ).toEqual({ booked: 1, sellable: 2 });
  });
});

describe("a listing's flags read tolerantly", () => {
  it("a flag is told by its code; one without a code is skipped, an unknown code kept as it came, a code twice counted once", () => {
    expect(
      flagFacts([
        {
          code: "pricing_disabled",
          severity: "warning",
          message: "Off.",
          detected_at: "2026-11-28T09:00:00Z",
        },
        { severity: "critical", message: "No code." },
        "not a flag",
        null,
        { code: "", severity: "info" },
        { code: "a_future_flag", severity: "dire", extra: { nested: true } },
        { code: "pricing_disabled", severity: "info" },
      ]),
    ).toEqual([
      { code: "pricing_disabled", severity: "warning", message: "Off.", detectedAt: "2026-11-28T09:00:00Z" },
      { code: "a_future_flag", severity: "dire", message: null, detectedAt: null },
    ]);
  });
  it("an empty list is no flag; a body that is not a list cannot be read", () => {
    expect(flagFacts([])).toEqual([]);
    expect(flagFacts({ flags: [] })).toBeNull();
    expect(flagFacts(null)).toBeNull();
  });
});
