import { describe, expect, it } from "vitest";
import { bookedNightsWarning, bookedOverlap, runsOf } from "@/lib/listing/custom-rates/booked";

const nights = [
  { date: "2026-12-03", is_booked: false },
  { date: "2026-12-04", is_booked: true },
  { date: "2026-12-05", is_booked: true },
  { date: "2026-12-06", is_booked: false },
  { date: "2026-12-07", is_booked: true },
  { date: "2026-12-08", is_booked: false },
];

describe("a custom rate over booked nights is warned with the nights named", () => {
  it("finds the booked nights inside the period only", () => {
    expect(bookedOverlap(nights, { start_date: "2026-12-05", end_date: "2026-12-08" }).dates).toEqual([
      "2026-12-05",
      "2026-12-07",
    ]);
    expect(bookedOverlap(nights, { start_date: "2026-12-08", end_date: "2026-12-08" }).dates).toEqual([]);
  });

  it("joins consecutive booked nights into spans", () => {
    expect(runsOf(["2026-12-04", "2026-12-05", "2026-12-07"])).toEqual([
      { start_date: "2026-12-04", end_date: "2026-12-05" },
      { start_date: "2026-12-07", end_date: "2026-12-07" },
    ]);
  });

  it("names the booked nights in words and says what the rate does to them", () => {
    const warning = bookedNightsWarning(
      bookedOverlap(nights, { start_date: "2026-12-03", end_date: "2026-12-08" }),
    );
    expect(warning).toBe(
      "3 of these nights are already booked: 4 Dec \u2013 5 Dec 2026 and 7 Dec 2026. A custom rate does not change a stay already booked; it would price those nights only if the booking is cancelled.",
    );
  });

  it("says nothing when no covered night is booked", () => {
    expect(
      bookedNightsWarning(bookedOverlap(nights, { start_date: "2026-12-08", end_date: "2026-12-08" })),
    ).toBeNull();
  });

  it("says which nights past the calendar were not checked", () => {
    const overlap = bookedOverlap(nights, { start_date: "2026-12-04", end_date: "2027-01-10" });
    expect(overlap.partial).toBe(true);
    expect(bookedNightsWarning(overlap)).toMatch(
      /^3 of these nights are already booked: 4 Dec \u2013 5 Dec 2026 and 7 Dec 2026\..* Nights after 8 Dec 2026 were not checked\.$/,
    );
  });

  it("names a single booked night in the singular", () => {
    expect(
      bookedNightsWarning(bookedOverlap(nights, { start_date: "2026-12-07", end_date: "2026-12-08" })),
    ).toMatch(/^1 of these nights is already booked: 7 Dec 2026\. .*price that night only/);
  });
});
