import { describe, expect, it } from "vitest";
import { lastPostedSummary } from "@/lib/listing/calendar/last-posted";
import { buildCalendarYear } from "@/lib/listing/calendar/model";
import { calendarFor } from "@/lib/listing/calendar/model-test-support";

describe("last posted prices", () => {
  const range = { start_date: "2026-11-21", end_date: "2026-11-25" };
  const calendar = calendarFor(range, (n) =>
    n.date === "2026-11-22" ? { ...n, available: false, is_booked: true } : n,
  );
  const at = (date: string, price: number, posted_at: string) => ({ date, price, min_stay: 2, posted_at });

  it("says when the latest posting was and lists the newest postings first", () => {
    const lastPosted = {
      listing_id: "1000001",
      currency: "USD",
      prices: [
        at("2026-11-21", 121, "2026-11-20T03:00:00Z"),
        at("2026-11-23", 123, "2026-11-20T21:00:00Z"),
        at("2026-11-24", 124, "2026-11-20T23:30:00+02:00"),
        at("2026-11-25", 125, "2026-11-19T08:00:00Z"),
      ],
    };
    const summary = lastPostedSummary(buildCalendarYear({ range, calendar, lastPosted }), 3);
    expect(summary.latestPostedAt).toBe("2026-11-20T23:30:00+02:00");
    expect(summary.recent.map((r) => r.date)).toEqual(["2026-11-24", "2026-11-23", "2026-11-21"]);
    expect(summary.postedNights).toBe(4);
    expect(summary.nightsInYear).toBe(5);
  });

  it("lists open nights whose price differs from what was last posted, and not booked ones", () => {
    const lastPosted = {
      listing_id: "1000001",
      currency: "USD",
      prices: [at("2026-11-21", 99, "2026-11-20T03:00:00Z"), at("2026-11-22", 1, "2026-11-20T03:00:00Z")],
    };
    const summary = lastPostedSummary(buildCalendarYear({ range, calendar, lastPosted }));
    expect(summary.differing).toEqual([{ date: "2026-11-21", posted: 99, current: 121 }]);
  });

  it("has no latest posting when nothing was posted", () => {
    const summary = lastPostedSummary(buildCalendarYear({ range, calendar }));
    expect(summary).toMatchObject({ latestPostedAt: null, postedNights: 0, recent: [] });
  });
});
