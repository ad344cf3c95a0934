import { describe, expect, it } from "vitest";
import {
  calendarYearRange,
  datesOf,
  keyboardTarget,
  weekdayIndex,
  type DateRange,
} from "@/lib/listing/calendar/dates";
import { MAX_RANGE_NIGHTS } from "@/lib/svc/schemas/limits";

const monthCount = (range: DateRange) => {
  const [sy, sm] = range.start_date.split("-").map(Number) as [number, number];
  const [ey, em] = range.end_date.split("-").map(Number) as [number, number];
  return (ey - sy) * 12 + (em - sm) + 1;
};

describe("the calendar's year", () => {
  it("starts today and covers this month and the next eleven", () => {
    const range = calendarYearRange("2026-11-21");
    expect(range.start_date).toBe("2026-11-21");
    expect(monthCount(range)).toBe(12);
    expect(range.end_date).toBe("2027-10-31");
  });

  it("asks for at most the service's 365 dates, even across 29 February", () => {
    const range = calendarYearRange("2027-03-01");
    expect(datesOf(range).length).toBeLessThanOrEqual(MAX_RANGE_NIGHTS);
    expect(monthCount(range)).toBe(12);
    for (const today of ["2026-01-01", "2026-06-15", "2027-12-31", "2028-02-29"]) {
      expect(datesOf(calendarYearRange(today)).length).toBeLessThanOrEqual(MAX_RANGE_NIGHTS);
    }
  });
});

describe("keyboard movement between nights", () => {
  const range = calendarYearRange("2026-11-21");

  it("moves by a day with left and right and by a week with up and down", () => {
    expect(keyboardTarget("2026-12-10", "ArrowRight", range)).toBe("2026-12-11");
    expect(keyboardTarget("2026-12-10", "ArrowLeft", range)).toBe("2026-12-09");
    expect(keyboardTarget("2026-12-10", "ArrowDown", range)).toBe("2026-12-17");
    expect(keyboardTarget("2026-12-10", "ArrowUp", range)).toBe("2026-12-03");
  });

  it("goes to the week's Monday with Home and its Sunday with End", () => {
    const target = keyboardTarget("2026-12-10", "Home", range)!;
    expect(weekdayIndex(target)).toBe(0);
    expect(keyboardTarget("2026-12-10", "End", range)).toBe("2026-12-13");
  });

  it("moves a month with Page Up and Down, keeping to the shorter month's last day", () => {
    expect(keyboardTarget("2027-01-31", "PageDown", range)).toBe("2027-02-28");
    expect(keyboardTarget("2027-03-15", "PageUp", range)).toBe("2027-02-15");
  });

  it("stays within the year", () => {
    expect(keyboardTarget("2026-11-22", "ArrowUp", range)).toBe(range.start_date);
    expect(keyboardTarget(range.end_date, "ArrowRight", range)).toBe(range.end_date);
    expect(keyboardTarget("2026-12-10", "a", range)).toBeNull();
  });
});
