import { describe, expect, it } from "vitest";
import { formatDay, formatMonth, formatUtc, formatUtcTime } from "./dates";

describe("formatting", () => {
  it("formats times in UTC whatever the machine's zone", () => {
    expect(formatUtc("2026-03-12T04:05:06Z")).toBe("12 Mar 2026, 04:05:06 UTC");
    expect(formatUtc("2026-03-12T04:05:06.789Z")).toBe("12 Mar 2026, 04:05:06 UTC");
    expect(formatUtcTime("2026-03-12T23:59:01+00:00")).toBe("23:59:01 UTC");
    expect(formatDay("2026-03-05")).toBe("5 Mar");
  });
});

describe("months", () => {
  it("names a month with its year, and leaves what is not a month as it came", () => {
    expect(formatMonth("2026-11")).toBe("Nov 2026");
    expect(formatMonth("2027-01")).toBe("Jan 2027");
    expect(formatMonth("2026-13")).toBe("2026-13");
  });
});
