import { describe, expect, it } from "vitest";
import { customRangeProblem, isRangeProblem, rangeDates } from "@/lib/market/range";

const today = "2026-11-25";

describe("a date range becomes the time series query", () => {
  it("the past 90 days is the service's default and sends no dates", () => {
    expect(rangeDates("past-90", { from: null, to: null }, today)).toEqual({});
  });

  it("the next 90 days start today and hold 90 days", () => {
    expect(rangeDates("next-90", { from: null, to: null }, today)).toEqual({
      start_date: "2026-11-25",
      end_date: "2027-02-22",
    });
  });

  it("the past 12 months start on the first of the month eleven months back", () => {
    expect(rangeDates("past-12", { from: null, to: null }, today)).toEqual({
      start_date: "2025-12-01",
      end_date: "2026-11-25",
    });
  });

  it("the 27 months run from the month 15 months back to the end of the 11th month ahead", () => {
    const dates = rangeDates("27-months", { from: null, to: null }, today);
    expect(dates).toEqual({ start_date: "2025-08-01", end_date: "2027-10-31" });
    // Across a year end too.
    expect(rangeDates("27-months", { from: null, to: null }, "2027-01-10")).toEqual({
      start_date: "2025-10-01",
      end_date: "2027-12-31",
    });
  });

  it("a custom range sends the days typed", () => {
    expect(rangeDates("custom", { from: "2026-01-01", to: "2026-03-31" }, today)).toEqual({
      start_date: "2026-01-01",
      end_date: "2026-03-31",
    });
  });
});

describe("a custom range that cannot be asked for is said in words and sends nothing", () => {
  it("needs both days", () => {
    expect(customRangeProblem(null, "2026-03-01")).toBe("Pick a first and a last day for the custom range.");
  });

  it("refuses a day that does not exist", () => {
    expect(customRangeProblem("2026-02-30", "2026-03-01")).toBe("2026-02-30 is not a day on the calendar.");
  });

  it("refuses a range upside down", () => {
    const dates = rangeDates("custom", { from: "2026-05-01", to: "2026-03-01" }, today);
    expect(isRangeProblem(dates) && dates.problem).toBe("The last day is before the first day.");
  });

  it("refuses more than the service's 1,096 days and accepts exactly that many", () => {
    expect(customRangeProblem("2024-01-01", "2027-01-01")).toBe(
      "A range covers at most 1,096 days (three years).",
    );
    expect(customRangeProblem("2024-01-01", "2026-12-31")).toBeNull();
  });
});
