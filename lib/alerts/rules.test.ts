import { describe, expect, it } from "vitest";
import { checkRule, readRule } from "@/lib/alerts/rules";
import { ruleWords } from "@/lib/alerts/words";

const fields = (input: unknown) => {
  const checked = checkRule(input);
  return checked.ok ? [] : checked.errors;
};

describe("a rule is written strictly", () => {
  it("a rule of each kind with its params is accepted, scope and delivery defaulted", () => {
    const checked = checkRule({ kind: "behind_stly", params: { metric: "nights", percent: 15 } });
    expect(checked).toEqual({
      ok: true,
      value: {
        kind: "behind_stly",
        scope: {},
        params: { metric: "nights", percent: 15 },
        delivery: { email: "digest", webhook: "off" },
      },
    });
    for (const [kind, params] of [
      ["no_booking", { days: 14 }],
      ["below_market", { window: 14, percent: 80 }],
      ["at_minimum", { nights: 5 }],
      ["pickup_below_ly", { percent: 20 }],
      ["flag_gained", {}],
      ["comps_moved", { set_id: "set_1", percent: 10 }],
    ] as const)
      expect(checkRule({ kind, params, scope: { market_id: "mkt_1", segment_id: "seg_2" } }).ok).toBe(true);
  });

  it("each refusal is a plain sentence naming its field", () => {
    expect(fields({ kind: "hurry", params: {} })).toEqual([
      {
        field: "kind",
        message:
          'Kind must be one of "behind_stly", "no_booking", "below_market", "at_minimum", "pickup_below_ly", "flag_gained", "comps_moved".',
      },
    ]);
    expect(fields({ kind: "behind_stly", params: { metric: "guests", percent: 0 } })).toEqual([
      { field: "params.metric", message: 'Metric must be "nights" or "revenue".' },
      { field: "params.percent", message: "Percent behind must be more than 0 %." },
    ]);
    expect(fields({ kind: "below_market", params: { window: 21, percent: 101 } })).toEqual([
      { field: "params.window", message: "Window must be 7, 14 or 30 nights." },
      { field: "params.percent", message: "Percent of the market's occupancy can be at most 100 %." },
    ]);
    expect(fields({ kind: "no_booking", params: { days: 2.5 } })).toEqual([
      { field: "params.days", message: "Days without a booking must be a whole number." },
    ]);
    expect(fields({ kind: "at_minimum", params: { nights: 30 } })).toEqual([
      { field: "params.nights", message: "Nights at the minimum price can be at most 29." },
    ]);
    expect(fields({ kind: "flag_gained", params: { percent: 3 } })).toEqual([
      { field: "params", message: 'A flag rule, which takes no parameters, has no field named "percent".' },
    ]);
    expect(fields({ kind: "no_booking", params: { days: 3 }, scope: { city: "Austin" } })).toEqual([
      { field: "scope", message: 'The scope has no field named "city".' },
    ]);
    expect(
      fields({ kind: "no_booking", params: { days: 3 }, delivery: { email: "hourly", webhook: "off" } }),
    ).toEqual([
      { field: "delivery.email", message: 'E-mail delivery must be "immediate", "digest" or "off".' },
    ]);
    expect(fields([1])).toEqual([{ field: "(root)", message: "Send the rule as a JSON object." }]);
  });

  it("a flag rule, which takes no parameters, may leave params out; a kind that takes some names what is missing", () => {
    expect(checkRule({ kind: "flag_gained" })).toMatchObject({ ok: true, value: { params: {} } });
    const missing = fields({ kind: "no_booking" });
    expect(missing).toHaveLength(1);
    expect(missing[0]!.field).toBe("params.days");
    expect(missing[0]!.message).toMatch(/^Days without a booking .*\.$/);
  });
});

describe("a stored rule is read tolerantly", () => {
  it("an unreadable scope or delivery falls back; an unreadable kind or params leaves the rule out", () => {
    expect(
      readRule({ kind: "no_booking", params: { days: 3 }, scope: { city: "Austin" }, delivery: "loud" }),
    ).toEqual({
      kind: "no_booking",
      params: { days: 3 },
      scope: {},
      delivery: { email: "off", webhook: "off" },
    });
    expect(readRule({ kind: "no_booking", params: { days: "x" }, scope: {}, delivery: {} })).toBeNull();
    expect(readRule({ kind: "from_the_future", params: {}, scope: {}, delivery: {} })).toBeNull();
  });
});

describe("each rule's threshold in words", () => {
  it("says what the rule watches for", () => {
    const words = (input: unknown) => {
      const checked = checkRule(input);
      if (!checked.ok) throw new Error("not a rule");
      return ruleWords(checked.value);
    };
    expect(words({ kind: "behind_stly", params: { metric: "nights", percent: 15 } })).toBe(
      "A stay month more than 15 % behind the same time last year on nights",
    );
    expect(words({ kind: "no_booking", params: { days: 14 } })).toBe(
      "No new booking in 14 days for a listing with open nights in the next 30",
    );
    expect(words({ kind: "below_market", params: { window: 7, percent: 80 } })).toBe(
      "Occupancy in the next 7 nights below 80 % of the market's",
    );
    expect(words({ kind: "at_minimum", params: { nights: 5 } })).toBe(
      "More than 5 of the next 30 nights priced at the minimum price",
    );
    expect(words({ kind: "pickup_below_ly", params: { percent: 12.5 } })).toBe(
      "Pickup in the last 7 days more than 12.5 % below last year's",
    );
    expect(words({ kind: "flag_gained", params: {} })).toBe("A listing gained a flag");
    expect(words({ kind: "comps_moved", params: { set_id: "s", percent: 10 } })).toBe(
      "The comps' median price for the set's next 30 nights moved more than 10 % since yesterday",
    );
  });
});
