import { describe, expect, it } from "vitest";
import {
  CELL_AVAILABLE,
  CELL_MISSING,
  CELL_UNAVAILABLE,
  MISSING_COLOUR,
  PRICE_PALETTE,
  PROBABILITY_PALETTE,
  bucketOf,
  buildCalendarGrid,
  cellColour,
  priceThresholds,
} from "@/lib/sets/calendar/model";
import { cellDetails } from "@/lib/sets/calendar/details";
import {
  blockedExplanation,
  countMemberships,
  gateFromCounts,
  gateFromError,
} from "@/lib/sets/calendar/gate";
import { SvcError } from "@/lib/svc/errors";
import type { SetCalendarNight, SetPriceCalendar } from "@/lib/svc/schemas/set-analytics";
import type { MemberListing, MembersByStatus } from "@/lib/svc/schemas/sets";

const member = (id: string, status: MemberListing["status"]) => ({ listing_id: id, status }) as MemberListing;
function membersOf(active: number, suggested: number, inactive: number): MembersByStatus {
  const make = (n: number, status: MemberListing["status"]) =>
    Array.from({ length: n }, (_, i) => member(`${status}-${i}`, status));
  return {
    active: make(active, "active"),
    suggested: make(suggested, "suggested"),
    inactive: make(inactive, "inactive"),
  };
}

const addDay = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

function night(
  date: string,
  price: number,
  available = true,
  probability = available ? 0 : 50,
): SetCalendarNight {
  return { date, price, available, booking_probability_percent: probability, min_stay: 2 };
}

function calendarOf(prices: number[][], start = "2026-12-30"): SetPriceCalendar {
  const nights = Math.max(...prices.map((p) => p.length));
  return {
    currency: "EUR",
    start_date: start,
    end_date: addDay(start, nights - 1),
    listings: prices.map((row, r) => ({
      listing_id: `mkt_${r}`,
      name: `Comp ${r}`,
      nights: row.map((p, c) => night(addDay(start, c), p)),
    })),
  };
}

describe("the 25-membership rule", () => {
  it("a set past 25 memberships of any status is blocked before calling", () => {
    const gate = gateFromCounts(countMemberships(membersOf(20, 4, 2)));
    expect(gate).toMatchObject({ kind: "blocked", total: 26, limit: 25, excess: 1 });
  });

  it("exactly 25 memberships may call", () => {
    expect(gateFromCounts(countMemberships(membersOf(25, 0, 0)))).toEqual({ kind: "open", total: 25 });
    expect(gateFromCounts(countMemberships(membersOf(10, 10, 5))).kind).toBe("open");
  });

  it("a set without active members is not asked for an empty calendar", () => {
    expect(gateFromCounts(countMemberships(membersOf(0, 3, 1))).kind).toBe("no-active");
  });

  it("a member group we do not know is kept and counted toward the limit", () => {
    const members = { ...membersOf(20, 3, 2), pending: [member("p-0", "pending"), member("p-1", "pending")] };
    const counts = countMemberships(members);
    expect(counts).toEqual({ active: 20, suggested: 3, inactive: 2, other: 2 });
    const gate = gateFromCounts(counts);
    expect(gate).toMatchObject({ kind: "blocked", total: 27, excess: 2 });
    if (gate.kind !== "blocked") throw new Error("expected blocked");
    const text = blockedExplanation(gate, "owner").sentences.join(" ");
    expect(text).toContain("27 memberships (20 active, 3 suggested, 2 inactive, 2 in other statuses)");
    expect(
      gateFromCounts(countMemberships({ ...membersOf(0, 0, 0), pending: [member("p", "pending")] })).kind,
    ).toBe("no-active");
  });

  it("an unknown access is told whom to ask, not that it is read only or can remove", () => {
    const gate = gateFromCounts({ active: 26, suggested: 0, inactive: 0 });
    if (gate.kind !== "blocked") throw new Error("expected blocked");
    const text = blockedExplanation(gate, "X").sentences.join(" ");
    expect(text).toContain("does not let you remove members");
  });

  it("the explanation says every status counts and how many to remove", () => {
    const gate = gateFromCounts({ active: 22, suggested: 5, inactive: 3 });
    if (gate.kind !== "blocked") throw new Error("expected blocked");
    const text = blockedExplanation(gate, "owner").sentences.join(" ");
    expect(text).toContain("active, suggested and inactive");
    expect(text).toContain("30 memberships (22 active, 5 suggested, 3 inactive)");
    expect(text).toContain("Remove 5 members");
    expect(text).toContain("suggested or inactive members first");
    expect(text).toContain("Members tab");
  });

  it("when removing every suggested and inactive member is not enough, active ones must go too", () => {
    const gate = gateFromCounts({ active: 28, suggested: 1, inactive: 0 });
    if (gate.kind !== "blocked") throw new Error("expected blocked");
    expect(blockedExplanation(gate, "F").sentences.join(" ")).toContain("3 active members must go too");
  });

  it("callers who cannot remove members are told whom to ask", () => {
    const gate = gateFromCounts({ active: 26, suggested: 0, inactive: 0 });
    if (gate.kind !== "blocked") throw new Error("expected blocked");
    expect(blockedExplanation(gate, "R").sentences.join(" ")).toContain("read only");
    expect(blockedExplanation(gate, "E").sentences.join(" ")).toContain("change statuses only");
  });

  it("the service's 422 is explained like the count", () => {
    const error = new SvcError({
      status: 422,
      code: "too_many_members",
      message: "too many",
      details: { limit: 25, member_count: 31 },
    });
    expect(gateFromError(error, null)).toMatchObject({ kind: "blocked", total: 31, excess: 6, counts: null });
    const text = blockedExplanation(gateFromError(error, null) as never, "owner").sentences.join(" ");
    expect(text).toContain("31 memberships");
    expect(
      gateFromError(new SvcError({ status: 400, code: "invalid_query", message: "x" }), null),
    ).toBeNull();
  });

  it("a stale count is not shown next to the service's different total", () => {
    const error = new SvcError({
      status: 422,
      code: "too_many_members",
      message: "too many",
      details: { limit: 25, member_count: 26 },
    });
    expect(gateFromError(error, { active: 25, suggested: 0, inactive: 0 })).toMatchObject({ counts: null });
    expect(gateFromError(error, { active: 25, suggested: 1, inactive: 0 })).toMatchObject({
      counts: { active: 25, suggested: 1, inactive: 0 },
    });
  });
});

describe("the grid", () => {
  it("one row per active member, in the service's order, with names", () => {
    const grid = buildCalendarGrid(calendarOf([[100], [200], [300]]));
    expect(grid.rows.map((r) => r.name)).toEqual(["Comp 0", "Comp 1", "Comp 2"]);
    expect(grid.rows.map((r) => r.listingId)).toEqual(["mkt_0", "mkt_1", "mkt_2"]);
  });

  it("one column per night of the range, end included, months split at the 1st", () => {
    const grid = buildCalendarGrid(calendarOf([[1, 2, 3, 4, 5]], "2026-12-30"));
    expect(grid.columns.map((c) => c.date)).toEqual([
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
      "2027-01-03",
    ]);
    expect(grid.months).toEqual([
      { label: "December 2026", first: 0, count: 2 },
      { label: "January 2027", first: 2, count: 3 },
    ]);
  });

  it("a night missing from a member's array is no data, never a price of 0", () => {
    const calendar = calendarOf([
      [100, 110, 120],
      [200, 210, 220],
    ]);
    calendar.listings[1]!.nights.splice(1, 1);
    const grid = buildCalendarGrid(calendar);
    const i = 1 * 3 + 1;
    expect(grid.state[i]).toBe(CELL_MISSING);
    expect(cellColour(grid, "price", i)).toBe(MISSING_COLOUR);
    expect(cellDetails(grid, 1, 1)?.price).toBe("unknown");
  });

  it("price colour scale uses quantiles", () => {
    // Skewed prices: 90 nights near 100 and 10 luxury nights at 5000. Equal-width bins would
    // paint 90% of the grid one colour; quantile bins give each colour about a sixth.
    const prices = [
      ...Array.from({ length: 90 }, (_, i) => 100 + i),
      ...Array.from({ length: 10 }, () => 5000),
    ];
    const grid = buildCalendarGrid(calendarOf([prices]));
    expect(grid.priceLegend).toHaveLength(PRICE_PALETTE.length);
    const counts = grid.priceLegend.map((b) => b.count);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(100);
    for (const count of counts) expect(Math.abs(count - 100 / 6)).toBeLessThanOrEqual(1);
    // Cheaper nights never sit in a darker bucket than dearer ones.
    for (let c = 1; c < prices.length; c++) {
      expect(grid.priceBucket[c]!).toBeGreaterThanOrEqual(grid.priceBucket[c - 1]!);
    }
  });

  it("tied prices merge their quantiles instead of making empty colours", () => {
    const thresholds = priceThresholds([50, 50, 50, 50, 50, 50, 50, 80, 90, 100, 110, 120]);
    expect(new Set(thresholds).size).toBe(thresholds.length);
    expect(Math.min(...thresholds)).toBeGreaterThan(50);
    const grid = buildCalendarGrid(calendarOf([[70, 70, 70]]));
    expect(grid.priceLegend).toEqual([{ colour: expect.any(String), label: "€70", count: 3 }]);
  });

  it("bucketOf puts a value equal to a threshold in the upper bucket", () => {
    expect(bucketOf(9, [10, 20])).toBe(0);
    expect(bucketOf(10, [10, 20])).toBe(1);
    expect(bucketOf(25, [10, 20])).toBe(2);
  });

  it("probability colours: available nights are their own colour, unavailable by likelihood", () => {
    const calendar = calendarOf([[100, 100, 100, 100]]);
    calendar.listings[0]!.nights = [
      night(calendar.start_date, 100, true),
      night(addDay(calendar.start_date, 1), 100, false, 10),
      night(addDay(calendar.start_date, 2), 100, false, 55),
      night(addDay(calendar.start_date, 3), 100, false, 90),
    ];
    const grid = buildCalendarGrid(calendar);
    expect([0, 1, 2, 3].map((i) => cellColour(grid, "probability", i))).toEqual([
      PROBABILITY_PALETTE[0],
      PROBABILITY_PALETTE[1],
      PROBABILITY_PALETTE[3],
      PROBABILITY_PALETTE[4],
    ]);
    expect(Array.from(grid.state)).toEqual([
      CELL_AVAILABLE,
      CELL_UNAVAILABLE,
      CELL_UNAVAILABLE,
      CELL_UNAVAILABLE,
    ]);
    expect(grid.probabilityLegend.map((b) => b.count)).toEqual([1, 1, 0, 1, 1]);
  });

  it("the tooltip gives the date, the price with its currency, the probability and availability", () => {
    const calendar = calendarOf([[245, 260]], "2026-12-11");
    calendar.listings[0]!.nights[1] = night("2026-12-12", 260, false, 65);
    const grid = buildCalendarGrid(calendar);
    const open = cellDetails(grid, 0, 0)!;
    expect(open).toMatchObject({ date: "Friday 11 December 2026", price: "€245", availability: "Available" });
    const held = cellDetails(grid, 0, 1)!;
    expect(held.availability).toBe("Unavailable (booked or blocked)");
    expect(held.probability).toContain("65%");
    expect(held.summary).toBe(
      "Comp 0, Saturday 12 December 2026: €260, unavailable (booked or blocked), booking probability 65%",
    );
    expect(cellDetails(grid, 1, 0)).toBeNull();
  });
});
