import { describe, expect, it } from "vitest";
import { formatDay, formatMonth } from "@/lib/format/dates";

describe("days", () => {
  it("names a day by its date and month", () => {
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
