import { describe, expect, it } from "vitest";
import { instantAt, isTimeZone, lastDue, LOCAL_TIME, localDate, nextDue } from "@/lib/alerts/local-time";

describe("a person's local time", () => {
  it("reads the calendar day in the zone, not in UTC", () => {
    expect(localDate(new Date("2026-12-01T23:30:00Z"), "Europe/Paris")).toBe("2026-12-02");
    expect(localDate(new Date("2026-12-02T03:00:00Z"), "America/New_York")).toBe("2026-12-01");
  });

  it("puts 07:00 in Paris an hour earlier in UTC in winter than in summer", () => {
    expect(instantAt("2026-12-01", "07:00", "Europe/Paris").toISOString()).toBe("2026-12-01T06:00:00.000Z");
    expect(instantAt("2026-07-01", "07:00", "Europe/Paris").toISOString()).toBe("2026-07-01T05:00:00.000Z");
  });

  it("keeps a morning digest at 07:00 local across the spring change: the night is an hour shorter", () => {
    const before = instantAt("2026-03-28", "07:00", "Europe/Paris");
    const after = nextDue("07:00", "Europe/Paris", before);
    expect(after.toISOString()).toBe("2026-03-29T05:00:00.000Z");
    expect(after.getTime() - before.getTime()).toBe(23 * 3_600_000);
  });

  it("keeps it at 07:00 local across the autumn change: the night is an hour longer", () => {
    const before = instantAt("2026-10-24", "07:00", "Europe/Paris");
    const after = nextDue("07:00", "Europe/Paris", before);
    expect(after.toISOString()).toBe("2026-10-25T06:00:00.000Z");
    expect(after.getTime() - before.getTime()).toBe(25 * 3_600_000);
  });

  it("moves a time the clocks skip to where the wall clock is, and takes the later of a time passed twice", () => {
    expect(instantAt("2026-03-29", "02:30", "Europe/Paris").toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(instantAt("2026-10-25", "02:30", "Europe/Paris").toISOString()).toBe("2026-10-25T01:30:00.000Z");
  });

  it("answers which day's digest was last due: today's once its time has come, else yesterday's", () => {
    expect(lastDue("07:00", "Europe/Paris", new Date("2026-12-01T05:59:00Z")).date).toBe("2026-11-30");
    const due = lastDue("07:00", "Europe/Paris", new Date("2026-12-01T06:00:00Z"));
    expect(due).toEqual({ date: "2026-12-01", at: new Date("2026-12-01T06:00:00Z") });
  });

  it("tells a time zone and a time of day from what is not one", () => {
    expect(isTimeZone("America/Los_Angeles")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(LOCAL_TIME.test("07:30")).toBe(true);
    expect(LOCAL_TIME.test("24:00")).toBe(false);
    expect(LOCAL_TIME.test("7:30")).toBe(false);
  });
});
