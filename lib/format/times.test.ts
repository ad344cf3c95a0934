import { describe, expect, it } from "vitest";
import {
  formatRelative,
  isoInWords,
  formatUtc,
  formatUtcDate,
  formatUtcTime,
  RELATIVE_WITHIN_MS,
  timeLabel,
} from "@/lib/format/times";

const NOW = Date.parse("2026-11-25T12:00:00Z");

describe("the zone is always shown", () => {
  it("an absolute moment is printed in UTC and says UTC, whatever the machine's zone", () => {
    expect(formatUtc("2026-03-12T04:05:06Z")).toBe("12 Mar 2026, 04:05:06 UTC");
    expect(formatUtc("2026-03-12T04:05:06.789Z")).toBe("12 Mar 2026, 04:05:06 UTC");
    // An offset the service might send is converted, never printed as it came.
    expect(formatUtc("2026-03-12T14:05:06+02:00")).toBe("12 Mar 2026, 12:05:06 UTC");
    expect(formatUtcTime("2026-03-12T23:59:01+00:00")).toBe("23:59:01 UTC");
  });

  it("the shorter forms drop seconds or the year, never the zone", () => {
    expect(formatUtc("2026-03-12T04:05:06Z", { seconds: false })).toBe("12 Mar 2026, 04:05 UTC");
    expect(formatUtc("2026-03-12T04:05:06Z", { year: false })).toBe("12 Mar, 04:05:06 UTC");
    expect(formatUtcTime("2026-03-12T04:05:06Z", { seconds: false })).toBe("04:05 UTC");
  });

  it("ms since the epoch read the same as the ISO moment", () => {
    const iso = "2026-11-25T23:30:00Z";
    expect(formatUtc(Date.parse(iso))).toBe(formatUtc(iso));
    expect(formatUtcTime(Date.parse(iso))).toBe("23:30:00 UTC");
  });

  it("a timestamp shortened to its day is the UTC day, which can differ from a local one", () => {
    expect(formatUtcDate("2026-03-12T23:30:00Z")).toBe("12 Mar 2026");
    expect(formatUtcDate("2026-03-12T23:30:00-05:00")).toBe("13 Mar 2026");
    expect(formatUtcDate("2026-03-12T23:30:00Z", { year: false })).toBe("12 Mar");
  });

  it("a moment that cannot be read shows a dash, never NaN", () => {
    expect(formatUtc("not a time")).toBe("—");
    expect(formatUtcTime(Number.NaN)).toBe("—");
    expect(formatUtcDate("")).toBe("—");
  });
});

describe("relative under a threshold, with the absolute on hover", () => {
  it.each([
    ["2026-11-25T11:59:30Z", "just now"],
    ["2026-11-25T11:55:00Z", "5 min ago"],
    ["2026-11-25T11:00:01Z", "59 min ago"],
    ["2026-11-25T09:10:00Z", "2 h ago"],
    ["2026-11-22T12:00:00Z", "3 d ago"],
    // The service's clock ahead of the browser's: still something that has happened.
    ["2026-11-25T12:05:00Z", "just now"],
  ])("%s reads %j", (iso, words) => expect(formatRelative(iso, NOW)).toBe(words));

  it("a recent moment reads relative, its absolute UTC form on hover", () => {
    expect(timeLabel("2026-11-25T09:10:00Z", { now: NOW })).toEqual({
      dateTime: "2026-11-25T09:10:00Z",
      text: "2 h ago",
      title: "25 Nov 2026, 09:10:00 UTC",
    });
  });

  it("past the threshold it reads absolute, in UTC", () => {
    const older = new Date(NOW - RELATIVE_WITHIN_MS - 1000).toISOString();
    expect(timeLabel(older, { now: NOW }).text).toBe("24 Nov 2026, 11:59:59 UTC");
    expect(timeLabel("2026-11-22T12:00:00Z", { now: NOW, relativeWithinMs: Infinity }).text).toBe("3 d ago");
    expect(timeLabel("2026-11-25T11:55:00Z", { now: NOW, relativeWithinMs: 60_000 }).text).toBe(
      "25 Nov 2026, 11:55:00 UTC",
    );
  });

  it("without a clock to compare with, it is always absolute", () => {
    const label = timeLabel("2026-11-25T11:55:00Z", { seconds: false });
    expect(label.text).toBe("25 Nov 2026, 11:55 UTC");
    expect(label.title).toBe("25 Nov 2026, 11:55:00 UTC");
  });

  it("the machine-readable value is the moment as the service sent it, or ISO in UTC from ms", () => {
    expect(timeLabel("2026-03-12T14:05:06+02:00").dateTime).toBe("2026-03-12T14:05:06+02:00");
    expect(timeLabel(Date.parse("2026-03-12T12:05:06Z")).dateTime).toBe("2026-03-12T12:05:06.000Z");
  });
});

describe("ISO days and moments inside a text the service wrote", () => {
  it("puts a day and a moment into words, the rest of the text as it came", () => {
    expect(isoInWords("Beach House: 5 night(s) from 2026-12-20 to 2026-12-25.")).toBe(
      "Beach House: 5 night(s) from 20 Dec 2026 to 25 Dec 2026.",
    );
    expect(isoInWords("the first (2026-12-09 to 2026-12-14) at 2026-12-01T12:00:00Z.")).toBe(
      "the first (9 Dec 2026 to 14 Dec 2026) at 1 Dec 2026, 12:00 UTC.",
    );
    expect(isoInWords("at 2026-12-01T23:30:00.000+02:00")).toBe("at 1 Dec 2026, 21:30 UTC");
  });

  it("leaves alone what only looks like a date: an impossible day, a code with one inside", () => {
    expect(isoInWords("on 2026-02-30")).toBe("on 2026-02-30");
    expect(isoInWords("reservation HA-2026-12-20X and id 12026-12-201")).toBe(
      "reservation HA-2026-12-20X and id 12026-12-201",
    );
    expect(isoInWords("No date here.")).toBe("No date here.");
  });
});
