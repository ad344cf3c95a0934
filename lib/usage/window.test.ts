import { describe, expect, it, vi } from "vitest";
import { createSvcClient } from "@/lib/svc/client";
import { endpoints } from "@/lib/svc/endpoints";
import { SvcError } from "@/lib/svc/errors";
import { addDays, parseDay, todayUtc } from "@/lib/format/dates";
import {
  INVALID_WINDOW_MESSAGE,
  WINDOW_TOO_LONG_MESSAGE,
  windowErrorMessage,
  clampRange,
  defaultRange,
  rangeInputBounds,
  windowDays,
  windowFromParams,
  windowProblem,
  windowToParams,
  windowToQuery,
} from "@/lib/usage/window";

const TODAY = "2026-03-12";

describe("usage window ↔ URL", () => {
  it("reads last N days by default and a range when either end is present", () => {
    expect(windowFromParams({ days: 7, from: null, to: null })).toEqual({ kind: "days", days: 7 });
    expect(windowFromParams({ days: 3, from: "2026-03-01", to: "2026-03-04" })).toEqual({
      kind: "range",
      from: "2026-03-01",
      to: "2026-03-04",
    });
    // One end alone is a one-day range.
    expect(windowFromParams({ days: 7, from: "2026-03-01", to: null })).toEqual({
      kind: "range",
      from: "2026-03-01",
      to: "2026-03-01",
    });
  });

  it("writes a range without days and last N days without a range", () => {
    expect(windowToParams({ kind: "days", days: 3 })).toEqual({ days: 3, from: null, to: null });
    expect(windowToParams({ kind: "range", from: "2026-03-01", to: "2026-03-02" })).toMatchObject({
      from: "2026-03-01",
      to: "2026-03-02",
    });
  });
});

describe("usage window → query", () => {
  it("sends days_back for last N days, with the key when one is picked", () => {
    expect(windowToQuery({ kind: "days", days: 3 })).toEqual({ days_back: 3 });
    expect(windowToQuery({ kind: "days", days: 7 }, "tok_1")).toEqual({ days_back: 7, token_id: "tok_1" });
    expect(windowToQuery({ kind: "days", days: 7 }, null)).toEqual({ days_back: 7 });
  });

  it("sends UTC midnights with the end day included", () => {
    expect(windowToQuery({ kind: "range", from: "2026-03-01", to: "2026-03-07" })).toEqual({
      start_time: "2026-03-01T00:00:00Z",
      end_time: "2026-03-08T00:00:00Z",
    });
    // Across a month end.
    expect(windowToQuery({ kind: "range", from: "2026-02-27", to: "2026-02-28" }).end_time).toBe(
      "2026-03-01T00:00:00Z",
    );
  });

  it("accepts seven whole days and names a longer window window_too_long", () => {
    expect(windowProblem(windowToQuery({ kind: "range", from: "2026-03-01", to: "2026-03-07" }))).toBeNull();
    expect(windowProblem(windowToQuery({ kind: "range", from: "2026-03-01", to: "2026-03-08" }))).toBe(
      "window_too_long",
    );
    expect(windowProblem(windowToQuery({ kind: "range", from: "2026-03-01", to: "2026-03-10" }))).toBe(
      "window_too_long",
    );
    expect(windowProblem(windowToQuery({ kind: "days", days: 7 }))).toBeNull();
    expect(windowProblem(windowToQuery({ kind: "days", days: 10 }))).toBe("window_too_long");
  });

  it("calls anything else the service would refuse an invalid window", () => {
    expect(windowProblem(windowToQuery({ kind: "days", days: 0 }))).toBe("invalid_window");
    expect(windowProblem(windowToQuery({ kind: "range", from: "2026-03-05", to: "2026-03-01" }))).toBe(
      "invalid_window",
    );
    expect(windowProblem(windowToQuery({ kind: "range", from: "yesterday", to: "2026-03-01" }))).toBe(
      "invalid_window",
    );
    expect(windowProblem(windowToQuery({ kind: "range", from: "2026-02-30", to: "2026-03-01" }))).toBe(
      "invalid_window",
    );
  });
});

describe("range picking", () => {
  it("parses real days only", () => {
    expect(parseDay("2026-03-01")).toBe(Date.UTC(2026, 2, 1));
    expect(parseDay("2026-02-30")).toBeNull();
    expect(parseDay("2026-3-1")).toBeNull();
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(todayUtc(Date.UTC(2026, 2, 12, 23, 59))).toBe("2026-03-12");
  });

  it("starts a range on the days that last N days covers", () => {
    expect(defaultRange(7, TODAY)).toEqual({ from: "2026-03-06", to: TODAY });
    expect(defaultRange(1, TODAY)).toEqual({ from: TODAY, to: TODAY });
    expect(defaultRange(30, TODAY)).toEqual({ from: "2026-03-06", to: TODAY });
  });

  it("moving the start keeps the end within 7 days and not before it", () => {
    const range = { from: "2026-03-06", to: "2026-03-12" };
    expect(clampRange(range, "from", "2026-02-20", TODAY)).toEqual({ from: "2026-02-20", to: "2026-02-26" });
    expect(clampRange(range, "from", "2026-03-08", TODAY)).toEqual({ from: "2026-03-08", to: "2026-03-12" });
    expect(clampRange({ from: "2026-03-01", to: "2026-03-03" }, "from", "2026-03-05", TODAY)).toEqual({
      from: "2026-03-05",
      to: "2026-03-05",
    });
  });

  it("moving the end pulls the start along, never past today", () => {
    const range = { from: "2026-02-20", to: "2026-02-22" };
    expect(clampRange(range, "to", "2026-03-10", TODAY)).toEqual({ from: "2026-03-04", to: "2026-03-10" });
    expect(clampRange(range, "to", "2026-02-19", TODAY)).toEqual({ from: "2026-02-19", to: "2026-02-19" });
    expect(clampRange(range, "to", "2026-04-01", TODAY)).toEqual({ from: "2026-03-06", to: TODAY });
    expect(clampRange(range, "from", "2026-04-01", TODAY)).toEqual({ from: TODAY, to: TODAY });
  });

  it("every clamped range is a query the service accepts", () => {
    let range = { from: "2026-03-06", to: TODAY };
    const moves: Array<["from" | "to", string]> = [
      ["from", "2026-01-01"],
      ["to", "2026-03-01"],
      ["from", "2026-02-10"],
      ["to", "2026-02-28"],
      ["from", "2026-03-11"],
    ];
    for (const [end, value] of moves) {
      range = clampRange(range, end, value, TODAY);
      expect(windowProblem(windowToQuery({ kind: "range", ...range }))).toBeNull();
    }
  });

  it("ignores a half-typed value and repairs a hand-typed other end", () => {
    const range = { from: "2026-03-06", to: TODAY };
    expect(clampRange(range, "from", "", TODAY)).toBe(range);
    expect(clampRange({ from: "junk", to: TODAY }, "to", "2026-03-10", TODAY)).toEqual({
      from: "2026-03-10",
      to: "2026-03-10",
    });
  });

  it("bounds the inputs: nothing after today, the end not before the start", () => {
    expect(rangeInputBounds({ from: "2026-03-06", to: TODAY }, TODAY)).toEqual({
      from: { max: TODAY },
      to: { min: "2026-03-06", max: TODAY },
    });
  });
});

describe("formatting", () => {
  it("names the days a measured window touches, end exclusive", () => {
    expect(windowDays({ start: "2026-03-01T00:00:00Z", end: "2026-03-08T00:00:00Z" })).toEqual({
      from: "2026-03-01",
      to: "2026-03-07",
    });
    expect(windowDays({ start: "2026-03-05T10:00:00Z", end: "2026-03-12T10:00:01Z" })).toEqual({
      from: "2026-03-05",
      to: "2026-03-12",
    });
  });
});

describe("a refused window in words", () => {
  const tenDays = windowToQuery({ kind: "range", from: "2026-03-01", to: "2026-03-10" });

  it("explains the service's own 400 window_too_long", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ error: { code: "window_too_long", message: "The window is at most 7 days." } }),
          { status: 400, headers: { "content-type": "application/json" } },
        ),
    );
    const client = createSvcClient({ contract: endpoints, baseUrl: "http://svc.test", fetch });
    // A window the local check accepts, refused by the service anyway (its clock, its rules).
    const query = windowToQuery({ kind: "days", days: 7 });
    const error = await client.call("usage.get", { query }).catch((e: unknown) => e);
    expect(fetch).toHaveBeenCalledOnce();
    expect(windowErrorMessage(error, query)).toBe(WINDOW_TOO_LONG_MESSAGE);
  });

  it("explains the typed client's check before fetching the same way", async () => {
    const fetch = vi.fn();
    const client = createSvcClient({ contract: endpoints, baseUrl: "http://svc.test", fetch });
    const error = await client.call("usage.get", { query: tenDays }).catch((e: unknown) => e);
    expect(fetch).not.toHaveBeenCalled();
    expect(error).toMatchObject({ status: 400, code: "invalid_query" });
    expect(windowErrorMessage(error, tenDays)).toBe(WINDOW_TOO_LONG_MESSAGE);
    expect(WINDOW_TOO_LONG_MESSAGE).toBe(
      "The service reports at most 7 days at a time. Pick a shorter range.",
    );
  });

  it("says what else is wrong with a hand-typed window, and leaves other errors alone", () => {
    const reversed = windowToQuery({ kind: "range", from: "2026-03-05", to: "2026-03-01" });
    const invalid = new SvcError({ status: 400, code: "invalid_query", message: "Invalid query" });
    expect(windowErrorMessage(invalid, reversed)).toBe(INVALID_WINDOW_MESSAGE);
    expect(
      windowErrorMessage(new SvcError({ status: 502, code: "upstream_unreachable", message: "x" }), tenDays),
    ).toBeNull();
    expect(windowErrorMessage(new Error("boom"), tenDays)).toBeNull();
  });
});
