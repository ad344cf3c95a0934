import { beforeAll, describe, expect, it } from "vitest";
import { setPriceCalendar as calendarSchema } from "../lib/svc/schemas/set-analytics";
import type { Sandbox } from "./app";
import { call, expectError, makeSandbox, personaKeys, rows, type Personas } from "./test-support";

// GET /sets/{set_id}/price_calendar (docs/interface-decisions.md §5, contract-decisions "price_calendar") and
// the paid-only rule shared by the four analytics endpoints (docs/interface.md, Dynamic sets rule 5).
let sandbox: Sandbox;
let p: Personas;
let seededOn: string;
let rates: Map<string, number>;
const paidSet = () => setByName("Miami Beach core comps");

function setByName(name: string): string {
  return rows<{ id: string }>(sandbox, `SELECT id FROM sets WHERE name = ?`, name)[0]!.id;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Eligible candidates of a market, first by id. */
function candidates(marketId: string, n: number, offset = 0): string[] {
  return rows<{ listing_id: string }>(
    sandbox,
    `SELECT listing_id FROM market_listings WHERE market_id = ? AND eligible = 1 ORDER BY listing_id LIMIT ? OFFSET ?`,
    marketId,
    n,
    offset,
  ).map((r) => r.listing_id);
}

/** A paid set of the owner's with the given memberships, written with SQL. */
function makeSet(id: string, currency: string, members: ReadonlyArray<readonly [string, string]>): string {
  const db = sandbox.ctx.db;
  const at = "2026-01-01T00:00:00Z";
  db.prepare(
    `INSERT INTO sets (id, name, kind, owner_user_id, is_paid, billed_user_id, membership, filters, boundary,
                       currency, created_at, updated_at)
     VALUES (?, ?, NULL, ?, 1, ?, 'static', NULL, NULL, ?, ?, ?)`,
  ).run(id, id, p.owner.user_id, p.owner.user_id, currency, at, at);
  const insert = db.prepare(
    `INSERT INTO set_members (set_id, listing_id, status, added_at) VALUES (?, ?, ?, ?)`,
  );
  for (const [listingId, status] of members) insert.run(id, listingId, status, at);
  return id;
}

const calendar = (setId: string, query = "", key = p.owner.keys.standard) =>
  call(sandbox, "GET", `/sets/${setId}/price_calendar${query ? `?${query}` : ""}`, { key });

/** Converts like the service: through USD, to cents. */
const convert = (amount: number, from: string, to: string) =>
  from === to ? amount : Math.round((amount / rates.get(from)!) * rates.get(to)! * 100) / 100;

let mixed: string;
let usdId: string;
let eurId: string;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
  seededOn = rows<{ value: string }>(sandbox, `SELECT value FROM meta WHERE key = 'seeded_on'`)[0]!.value;
  rates = new Map(
    rows<{ currency: string; per_usd: number }>(sandbox, `SELECT * FROM fx_rates`).map((r) => [
      r.currency,
      r.per_usd,
    ]),
  );
  usdId = candidates("mkt_miami_beach", 1)[0]!;
  eurId = candidates("mkt_lisbon", 1)[0]!;
  const [suggested, inactive] = candidates("mkt_lisbon", 2, 1);
  mixed = makeSet("set_test_mixed", "USD", [
    [usdId, "active"],
    [eurId, "active"],
    [suggested!, "suggested"],
    [inactive!, "inactive"],
  ]);
});

describe("GET /sets/{set_id}/price_calendar", () => {
  it("rule: one array of nights per ACTIVE member only (suggested and inactive excluded)", async () => {
    const res = await calendar(mixed);
    expect(res.status, JSON.stringify(res.json).slice(0, 300)).toBe(200);
    const body = calendarSchema.parse(res.json);
    const active = rows<{ listing_id: string; name: string }>(
      sandbox,
      `SELECT m.listing_id, l.name FROM set_members m JOIN market_listings l USING (listing_id)
        WHERE m.set_id = ? AND m.status = 'active' ORDER BY m.listing_id`,
      mixed,
    );
    expect(body.listings.map((l) => ({ listing_id: l.listing_id, name: l.name }))).toEqual(active);
    for (const l of body.listings) expect(l.nights.length).toBe(91);
  });

  it("rule: prices are converted into one currency, default the set's; converting back gives the native price", async () => {
    const inUsd = calendarSchema.parse((await calendar(mixed)).json);
    expect(inUsd.currency).toBe("USD");
    const inEur = calendarSchema.parse((await calendar(mixed, "currency=EUR")).json);
    expect(inEur.currency).toBe("EUR");
    const nightsOf = (body: typeof inUsd, id: string) =>
      body.listings.find((l) => l.listing_id === id)!.nights;
    // Each member's native prices are whole units of its own currency.
    const members = [
      { id: usdId, native: nightsOf(inUsd, usdId), other: nightsOf(inEur, usdId), from: "USD", to: "EUR" },
      { id: eurId, native: nightsOf(inEur, eurId), other: nightsOf(inUsd, eurId), from: "EUR", to: "USD" },
    ];
    for (const m of members) {
      m.native.forEach((night, i) => {
        expect(Number.isInteger(night.price)).toBe(true);
        const converted = m.other[i]!.price;
        expect(converted).toBe(convert(night.price, m.from, m.to));
        expect(Math.abs(convert(converted, m.to, m.from) - night.price)).toBeLessThanOrEqual(0.02);
      });
    }
    // Comparable: in one currency, the EUR comp's prices sit in the same range as the USD comp's.
    const mean = (ns: { price: number }[]) => ns.reduce((s, n) => s + n.price, 0) / ns.length;
    const ratio = mean(nightsOf(inUsd, eurId)) / mean(nightsOf(inUsd, usdId));
    expect(ratio).toBeGreaterThan(0.1);
    expect(ratio).toBeLessThan(10);
    expectError(await calendar(mixed, "currency=XYZ"), 400, "invalid_query");
    expect((await calendar(mixed, "currency=XYZ")).json.error.details.fields[0].field).toBe("currency");
  });

  it("rule: booking_probability_percent is an integer 10..90 on unavailable nights and 0 on available ones", async () => {
    const body = calendarSchema.parse(
      (await calendar(paidSet(), `start_date=${addDays(seededOn, -200)}`)).json,
    );
    let unavailable = 0;
    for (const night of body.listings.flatMap((l) => l.nights)) {
      expect(Number.isInteger(night.booking_probability_percent)).toBe(true);
      if (night.available) expect(night.booking_probability_percent).toBe(0);
      else {
        unavailable++;
        expect(night.booking_probability_percent).toBeGreaterThanOrEqual(10);
        expect(night.booking_probability_percent).toBeLessThanOrEqual(90);
      }
      expect(night.min_stay).toBeGreaterThanOrEqual(1);
    }
    expect(unavailable).toBeGreaterThan(0);
  });

  it("rule: no is_booked and no reservation_id keys anywhere", async () => {
    const res = await calendar(
      paidSet(),
      `start_date=${addDays(seededOn, -100)}&end_date=${addDays(seededOn, 200)}`,
    );
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.json);
    expect(text).not.toContain("is_booked");
    expect(text).not.toContain("reservation_id");
    for (const night of res.json.listings.flatMap((l: { nights: object[] }) => l.nights)) {
      expect(Object.keys(night).sort()).toEqual(
        ["available", "booking_probability_percent", "date", "min_stay", "price"].sort(),
      );
    }
  });

  it("rule: 422 too_many_members with details {limit: 25, member_count} past 25 memberships of ANY status", async () => {
    const london = setByName("London premium watchlist");
    const { n } = rows<{ n: number }>(
      sandbox,
      `SELECT COUNT(*) AS n FROM set_members WHERE set_id = ?`,
      london,
    )[0]!;
    expect(n).toBeGreaterThan(25);
    const error = expectError(await calendar(london), 422, "too_many_members");
    expect(error.details).toEqual({ limit: 25, member_count: n });

    // Exactly 25 memberships, 5 of them not active: allowed, and only the 20 active answer.
    const ids = candidates("mkt_austin", 26);
    const at25 = makeSet(
      "set_test_25",
      "USD",
      ids.slice(0, 25).map((id, i) => [id, i < 20 ? "active" : i < 23 ? "suggested" : "inactive"] as const),
    );
    const ok = await calendar(at25);
    expect(ok.status).toBe(200);
    expect(ok.json.listings).toHaveLength(20);
    // A 26th membership, even a suggested one, crosses the limit.
    sandbox.ctx.db
      .prepare(`INSERT INTO set_members (set_id, listing_id, status, added_at) VALUES (?, ?, 'suggested', ?)`)
      .run(at25, ids[25], "2026-01-02T00:00:00Z");
    expect(expectError(await calendar(at25), 422, "too_many_members").details).toEqual({
      limit: 25,
      member_count: 26,
    });
  });

  it("rule: date range — default today..+90, at most 365 nights, reversed → 400 naming the field", async () => {
    const today = sandbox.ctx.clock.today();
    const byDefault = calendarSchema.parse((await calendar(paidSet())).json);
    expect([byDefault.start_date, byDefault.end_date]).toEqual([today, addDays(today, 90)]);
    for (const l of byDefault.listings) {
      expect(l.nights.map((n) => n.date)).toEqual(Array.from({ length: 91 }, (_, i) => addDays(today, i)));
    }
    const fromStart = calendarSchema.parse(
      (await calendar(paidSet(), `start_date=${addDays(today, 10)}`)).json,
    );
    expect(fromStart.end_date).toBe(addDays(today, 100));
    const longest = calendarSchema.parse(
      (await calendar(paidSet(), `start_date=${today}&end_date=${addDays(today, 364)}`)).json,
    );
    expect(longest.listings[0]!.nights).toHaveLength(365);

    const field = async (query: string, name: string) => {
      const error = expectError(await calendar(paidSet(), query), 400, "invalid_query");
      expect(error.details!.fields.map((f: { field: string }) => f.field)).toContain(name);
    };
    await field(`start_date=${today}&end_date=${addDays(today, 365)}`, "end_date");
    await field(`start_date=${addDays(today, 5)}&end_date=${today}`, "end_date");
    await field(`end_date=${addDays(today, 400)}`, "end_date");
    await field(`start_date=2026-02-30`, "start_date");
    await field(`start_date=2020-01-01`, "start_date");
    await field(`start_date=tomorrow`, "start_date");
  });

  it("agrees with each member's stored metrics over the next 30 nights", async () => {
    const body = calendarSchema.parse(
      (await calendar(paidSet(), `start_date=${seededOn}&end_date=${addDays(seededOn, 29)}`)).json,
    );
    for (const l of body.listings) {
      const [stored] = rows<{ metrics: string }>(
        sandbox,
        `SELECT metrics FROM market_listings WHERE listing_id = ?`,
        l.listing_id,
      );
      const m = JSON.parse(stored!.metrics) as Record<string, number | null>;
      const open = l.nights.filter((n) => n.available);
      // The stored window: available nights that are not booked are the open ones.
      expect(open.length).toBe(m.nights_available_0_30! - m.nights_booked_0_30!);
      if (open.length > 0 && m.asking_rate_0_30 !== null) {
        const mean = open.reduce((s, n) => s + n.price, 0) / open.length;
        expect(Math.abs(mean / m.asking_rate_0_30! - 1)).toBeLessThan(0.03);
      }
    }
  });

  it("is deterministic: the same request twice answers the same body", async () => {
    const query = `start_date=${addDays(seededOn, -30)}&end_date=${addDays(seededOn, 120)}`;
    expect((await calendar(paidSet(), query)).json).toEqual((await calendar(paidSet(), query)).json);
  });
});

describe("paid-only analytics (interface, sets rule 5)", () => {
  const endpoints = [
    "aggregated_metrics",
    "price_calendar",
    "time_series?metric=adr",
    "distribution?metric=adr",
  ];
  const path = (setId: string, endpoint: string) => {
    const [name, query] = endpoint.split("?");
    return `/sets/${setId}/${name}${query ? `?${query}` : ""}`;
  };
  /** The body with the set id taken out of the message, to compare two sets' 404s. */
  const anonymous = (json: { error: { message: string } }, setId: string) =>
    JSON.parse(JSON.stringify(json).replaceAll(setId, "<set>"));

  it("rule 5: a paid-only endpoint on a free set answers exactly what a missing set answers", async () => {
    const free = setByName("Lisbon shortlist");
    expect(
      rows<{ is_paid: number }>(sandbox, `SELECT is_paid FROM sets WHERE id = ?`, free)[0]!.is_paid,
    ).toBe(0);
    for (const endpoint of endpoints) {
      const onFree = await call(sandbox, "GET", path(free, endpoint), { key: p.owner.keys.standard });
      const onMissing = await call(sandbox, "GET", path("set_missing", endpoint), {
        key: p.owner.keys.standard,
      });
      expectError(onFree, 404, "set_not_found");
      expect(anonymous(onFree.json, free)).toEqual(anonymous(onMissing.json, "set_missing"));
    }
  });

  it("rule: a viewer the paid set is shared with (level R) may read its analytics", async () => {
    const set = paidSet();
    const [share] = rows<{ level: string }>(
      sandbox,
      `SELECT level FROM set_shares WHERE set_id = ? AND user_id = ?`,
      set,
      p.viewer.user_id,
    );
    expect(share?.level).toBe("R");
    for (const endpoint of endpoints) {
      const res = await call(sandbox, "GET", path(set, endpoint), { key: p.viewer.keys.standard });
      expect(res.status, `${endpoint}: ${JSON.stringify(res.json).slice(0, 200)}`).toBe(200);
    }
    const readOnly = await call(sandbox, "GET", path(set, "price_calendar"), {
      key: p.owner.keys.read_only!,
    });
    expect(readOnly.status).toBe(200);
  });

  it("rule: an outsider gets the missing-set 404 on a paid set", async () => {
    const set = paidSet();
    for (const endpoint of endpoints) {
      const res = await call(sandbox, "GET", path(set, endpoint), { key: p.outsider.keys.standard });
      const missing = await call(sandbox, "GET", path("set_missing", endpoint), {
        key: p.outsider.keys.standard,
      });
      expectError(res, 404, "set_not_found");
      expect(anonymous(res.json, set)).toEqual(anonymous(missing.json, "set_missing"));
    }
  });
});
