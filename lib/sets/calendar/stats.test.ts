import { describe, expect, it } from "vitest";
import { ascendingFinite, median, percentile } from "@/lib/sets/calendar/stats";

describe("order statistics of the comps' prices", () => {
  it("the median of an odd count is the middle value", () => {
    expect(median([100, 150, 400])).toBe(150);
  });

  it("the median of an even count is the mean of the two middle values", () => {
    expect(median([100, 150, 200, 400])).toBe(175);
  });

  it("the quartiles interpolate between the closest ranks", () => {
    const sorted = [100, 200, 300, 400, 500];
    expect(percentile(sorted, 0.25)).toBe(200);
    expect(percentile(sorted, 0.75)).toBe(400);
    expect(percentile([100, 200, 300, 400], 0.25)).toBe(175);
    expect(percentile([100, 200, 300, 400], 0.75)).toBe(325);
  });

  it("one value is its own median and quartiles; none has none", () => {
    expect(median([180])).toBe(180);
    expect(percentile([180], 0.25)).toBe(180);
    expect(percentile([180], 0.75)).toBe(180);
    expect(median([])).toBeNull();
  });

  it("missing values are left out and the rest sorted as numbers, not as text", () => {
    expect(ascendingFinite([90, Number.NaN, 1000, 200, Number.POSITIVE_INFINITY])).toEqual([90, 200, 1000]);
  });
});
