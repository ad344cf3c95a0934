import { describe, expect, it } from "vitest";
import { defaultUnitFor, formatDistance, fromKm, KM_PER_MILE, limitIn, toKm } from "@/lib/display/distance";

describe("the default distance unit follows the browser's locale", () => {
  it.each([
    ["en-US", "mi"],
    ["en", "mi"],
    ["en-GB", "mi"],
    ["en-LR", "mi"],
    ["my-MM", "mi"],
    ["my", "mi"],
    ["es-US", "mi"],
    ["en-AU", "km"],
    ["en-IE", "km"],
    ["fr-FR", "km"],
    ["de", "km"],
    ["es-MX", "km"],
    ["ja-JP", "km"],
  ] as const)("%s reads %s", (locale, unit) => {
    expect(defaultUnitFor(locale)).toBe(unit);
  });

  it("reads kilometres when the locale is missing or unreadable", () => {
    expect(defaultUnitFor(undefined)).toBe("km");
    expect(defaultUnitFor("not a locale!")).toBe("km");
  });
});

describe("kilometres and miles convert exactly and back", () => {
  it("uses the international mile", () => {
    expect(toKm(1, "mi")).toBe(KM_PER_MILE);
    expect(fromKm(KM_PER_MILE, "mi")).toBe(1);
    expect(fromKm(12.5, "km")).toBe(12.5);
    expect(toKm(12.5, "km")).toBe(12.5);
  });

  it("round-trips a radius without drift", () => {
    expect(toKm(fromKm(7.3, "mi"), "mi")).toBeCloseTo(7.3, 12);
  });
});

describe("a distance is shown in the reader's unit", () => {
  it("says metres under one kilometre and kilometres to a tenth above", () => {
    expect(formatDistance(0.42, "km")).toBe("420 m");
    expect(formatDistance(2.345, "km")).toBe("2.3 km");
    expect(formatDistance(12, "km")).toBe("12 km");
  });

  it("says miles to a tenth, never feet, and never 0 mi for a distance above 0", () => {
    expect(formatDistance(5, "mi")).toBe("3.1 mi");
    expect(formatDistance(0.42, "mi")).toBe("0.3 mi");
    expect(formatDistance(0.05, "mi")).toBe("0.1 mi");
    expect(formatDistance(0, "mi")).toBe("0 mi");
  });
});

describe("a limit in kilometres becomes a round figure that stays within it", () => {
  it("keeps kilometres as they are", () => {
    expect(limitIn(50, "km")).toBe(50);
  });

  it("rounds miles down to a tenth, so the converted value never passes the service's cap", () => {
    expect(limitIn(50, "mi")).toBe(31);
    expect(toKm(limitIn(50, "mi"), "mi")).toBeLessThanOrEqual(50);
    expect(limitIn(5, "mi")).toBe(3.1);
  });
});
