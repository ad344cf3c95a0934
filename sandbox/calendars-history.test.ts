import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../lib/svc/endpoints";
import type { Sandbox } from "./app";
import { recordPostings } from "./domain/calendars/postings";
import { addDays } from "./domain/calendars/range";
import { call, expectError, makeSandbox, personaKeys, rows, type Personas } from "./test-support";

// Price history of a listing: last posted prices, the base price log, one stay date's
// postings and snapshots (plan-gated), and the base price recommendation's attribution.
let sandbox: Sandbox;
let p: Personas;
let today: string;
let svcId: string;
let preferences: string;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
  today = sandbox.ctx.clock.today();
  [{ svc_id: svcId, preferences }] = rows<{ svc_id: string; preferences: string }>(
    sandbox,
    `SELECT svc_id, preferences FROM listings WHERE owner_user_id = ? AND json_extract(preferences, '$.pricing_enabled') = 1
     ORDER BY svc_id LIMIT 1`,
    p.owner.user_id,
  ) as [{ svc_id: string; preferences: string }];
});

const get = (rest: string, query = "", key = p.owner.keys.standard) =>
  call(sandbox, "GET", `/listings/${svcId}/${rest}?channel=svc${query ? `&${query}` : ""}`, { key });

describe("last posted prices", () => {
  it("last posted prices: per stay date the latest successful posting, which is the calendar's price", async () => {
    const end = addDays(today, 120);
    const res = await get("last_posted_prices", `start_date=${addDays(today, -14)}&end_date=${end}`);
    const body = endpoints["listings.lastPostedPrices"].response.parse(res.json);
    const latest = rows<{ stay_date: string; price: number; posted_at: string }>(
      sandbox,
      `SELECT p.stay_date, p.price, p.posted_at FROM calendar_postings p
       WHERE p.listing_svc_id = ? AND p.outcome = 'posted' AND p.stay_date BETWEEN ? AND ?
         AND p.posted_at = (SELECT MAX(q.posted_at) FROM calendar_postings q WHERE q.listing_svc_id = p.listing_svc_id
                            AND q.stay_date = p.stay_date AND q.outcome = 'posted')
       ORDER BY p.stay_date`,
      svcId,
      addDays(today, -14),
      end,
    );
    expect(body.prices.map((x) => [x.date, x.price, x.posted_at])).toEqual(
      latest.map((x) => [x.stay_date, x.price, x.posted_at]),
    );
    expect(body.prices).toHaveLength(135);
    const calendar = new Map(
      rows<{ date: string; price: number }>(
        sandbox,
        `SELECT date, price FROM calendar_nights WHERE listing_svc_id = ? AND date BETWEEN ? AND ?`,
        svcId,
        addDays(today, -14),
        end,
      ).map((n) => [n.date, n.price]),
    );
    for (const posted of body.prices) {
      expect(posted.price).toBe(calendar.get(posted.date));
      expect(posted.posted_at < `${posted.date}T00:00:00Z`).toBe(true);
    }
  });

  it("last posted prices: a recorded posting run becomes the last posted price of the nights it changed", async () => {
    const date = rows<{ date: string }>(
      sandbox,
      `SELECT date FROM calendar_nights WHERE listing_svc_id = ? AND date > ? AND available = 1 ORDER BY date LIMIT 1`,
      svcId,
      addDays(today, 3),
    )[0]!.date;
    const db = sandbox.ctx.db;
    db.prepare(`UPDATE calendar_nights SET price = price + 7 WHERE listing_svc_id = ? AND date = ?`).run(
      svcId,
      date,
    );
    const recorded = db.transaction(() => recordPostings(sandbox.ctx, svcId, "sync"))();
    expect(recorded).toBe(1);
    const res = await get("last_posted_prices", `start_date=${date}&end_date=${date}`);
    const [night] = rows<{ price: number }>(
      sandbox,
      `SELECT price FROM calendar_nights WHERE listing_svc_id = ? AND date = ?`,
      svcId,
      date,
    );
    expect(res.json.prices).toEqual([
      expect.objectContaining({
        date,
        price: night!.price,
        posted_at: sandbox.ctx.clock
          .now()
          .toISOString()
          .replace(/\.\d{3}Z$/, "Z"),
      }),
    ]);
    // Nothing changed since: a second run records nothing.
    expect(db.transaction(() => recordPostings(sandbox.ctx, svcId, "sync"))()).toBe(0);
  });
});

describe("base price history", () => {
  it("base price history: the last 30 days by default, from the daily log, today from the listing", async () => {
    const res = await get("base_price_history");
    const body = endpoints["listings.basePriceHistory"].response.parse(res.json);
    expect(body.start_date).toBe(addDays(today, -29));
    expect(body.end_date).toBe(today);
    expect(body.days).toHaveLength(30);
    const logged = rows<{ date: string; recommended_base_price: number; effective_base_price: number }>(
      sandbox,
      `SELECT date, recommended_base_price, effective_base_price FROM base_price_log
       WHERE listing_svc_id = ? AND date BETWEEN ? AND ? ORDER BY date`,
      svcId,
      body.start_date,
      addDays(today, -1),
    );
    expect(body.days.slice(0, 29)).toEqual(logged);
    const [listing] = rows<{ base_price: number }>(
      sandbox,
      `SELECT base_price FROM listings WHERE svc_id = ?`,
      svcId,
    );
    const prefBase = (JSON.parse(preferences) as { base_price: number | null }).base_price;
    expect(body.days[29]).toEqual({
      date: today,
      recommended_base_price: listing!.base_price,
      effective_base_price: prefBase ?? listing!.base_price,
    });
  });

  it("base price history: a custom range; days not logged or still ahead are null; over 365 days → 400", async () => {
    const res = await get(
      "base_price_history",
      `start_date=${addDays(today, -100)}&end_date=${addDays(today, 2)}`,
    );
    const body = endpoints["listings.basePriceHistory"].response.parse(res.json);
    expect(body.days).toHaveLength(103);
    const [{ first }] = rows<{ first: string }>(
      sandbox,
      `SELECT MIN(date) AS first FROM base_price_log WHERE listing_svc_id = ?`,
      svcId,
    ) as [{ first: string }];
    for (const day of body.days) {
      const known = day.date >= first && day.date <= today;
      expect(day.recommended_base_price !== null, day.date).toBe(known);
      expect(day.effective_base_price !== null, day.date).toBe(known);
    }
    const onlyStart = await get("base_price_history", `start_date=${addDays(today, -10)}`);
    expect(onlyStart.json.end_date).toBe(today);
    expectError(await get("base_price_history", `start_date=${addDays(today, -400)}`), 400, "invalid_query");
  });
});

describe("calendar day history", () => {
  it("calendar day history: a user without the historical price changes feature gets 403 plan_required", async () => {
    const [viewer] = rows<{ has_history_feature: number }>(
      sandbox,
      `SELECT has_history_feature FROM users WHERE id = ?`,
      p.viewer.user_id,
    );
    expect(viewer!.has_history_feature).toBe(0);
    expectError(
      await get("calendar_day_history", `date=${today}`, p.viewer.keys.standard),
      403,
      "plan_required",
    );
    expectError(
      await get("calendar_day_history", `date=${today}`, p.manager.keys.standard),
      403,
      "plan_required",
    );
    // The feature is the caller's: granting it opens the same call.
    sandbox.ctx.db.prepare(`UPDATE users SET has_history_feature = 1 WHERE id = ?`).run(p.viewer.user_id);
    try {
      const res = await get("calendar_day_history", `date=${today}`, p.viewer.keys.standard);
      expect(res.status).toBe(200);
    } finally {
      sandbox.ctx.db.prepare(`UPDATE users SET has_history_feature = 0 WHERE id = ?`).run(p.viewer.user_id);
    }
  });

  it("calendar day history: postings as stored and snapshots ending in the night's current state", async () => {
    // A booked night ahead whose reservation was booked after its first posting.
    const [night] = rows<{ date: string; reservation_id: string; price: number; min_stay: number }>(
      sandbox,
      `SELECT n.date, n.reservation_id, n.price, n.min_stay FROM calendar_nights n JOIN reservations r ON r.reservation_id = n.reservation_id
       WHERE n.listing_svc_id = ? AND n.date > ? AND n.blocked = 0
         AND r.booked_at > (SELECT MAX(posted_at) FROM calendar_postings p WHERE p.listing_svc_id = n.listing_svc_id AND p.stay_date = n.date)
       ORDER BY n.date LIMIT 1`,
      svcId,
      today,
    );
    expect(night).toBeDefined();
    const res = await get("calendar_day_history", `date=${night!.date}`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const body = endpoints["listings.calendarDayHistory"].response.parse(res.json);
    const stored = rows<{ posted_at: string; price: number; outcome: string }>(
      sandbox,
      `SELECT posted_at, price, outcome FROM calendar_postings WHERE listing_svc_id = ? AND stay_date = ? ORDER BY posted_at`,
      svcId,
      night!.date,
    );
    expect(body.postings.map((x) => [x.posted_at, x.price, x.outcome])).toEqual(
      stored.map((x) => [x.posted_at, x.price, x.outcome]),
    );
    const times = body.snapshots.map((s) => s.captured_at);
    expect([...times].sort()).toEqual(times);
    const last = body.snapshots.at(-1)!;
    expect(last).toMatchObject({
      price: night!.price,
      is_booked: true,
      available: false,
      reservation_id: night!.reservation_id,
    });
    // Before the booking the night was open.
    const [reservation] = rows<{ booked_at: string }>(
      sandbox,
      `SELECT booked_at FROM reservations WHERE reservation_id = ?`,
      night!.reservation_id,
    );
    expect(last.captured_at).toBe(reservation!.booked_at);
    for (const s of body.snapshots.filter(
      (x) => x.captured_at < reservation!.booked_at && x.reservation_id === null,
    )) {
      expect(s.is_booked).toBe(false);
    }
  });
});

describe("base price recommendation", () => {
  it("base price recommendation: the attribution adds up to the recommended base price", async () => {
    const owned = rows<{ svc_id: string; base_price: number; preferences: string }>(
      sandbox,
      `SELECT svc_id, base_price, preferences FROM listings WHERE owner_user_id = ? ORDER BY svc_id`,
      p.owner.user_id,
    );
    for (const listing of owned) {
      const res = await call(
        sandbox,
        "GET",
        `/listings/${listing.svc_id}/base_price_recommendation?channel=svc`,
        {
          key: p.owner.keys.standard,
        },
      );
      const body = endpoints["listings.basePriceRecommendation"].response.parse(res.json);
      expect(body.recommended_base_price).toBe(listing.base_price);
      const { starting_price, factors } = body.attribution;
      const total = factors.reduce((sum, f) => sum + f.amount, starting_price);
      expect(Math.abs(total - body.recommended_base_price)).toBeLessThan(0.005 * (factors.length + 1));
      const prefBase = (JSON.parse(listing.preferences) as { base_price: number | null }).base_price;
      expect(body.effective_base_price).toBe(prefBase ?? listing.base_price);
    }
  });

  it("base price recommendation: starting_price is the median base price of the market's candidates of the same bedroom group", async () => {
    const [listing] = rows<{ market_id: string; bedrooms: number; currency: string }>(
      sandbox,
      `SELECT market_id, bedrooms, currency FROM listings WHERE svc_id = ?`,
      svcId,
    );
    const [{ bedroom_groups }] = rows<{ bedroom_groups: string }>(
      sandbox,
      `SELECT bedroom_groups FROM markets WHERE id = ?`,
      listing!.market_id,
    ) as [{ bedroom_groups: string }];
    const groups = JSON.parse(bedroom_groups) as string[];
    const open = groups.find((g) => g.endsWith("+") && listing!.bedrooms >= Number.parseInt(g, 10));
    const prices = rows<{ base_price: number }>(
      sandbox,
      `SELECT base_price FROM market_listings WHERE market_id = ? AND bedrooms ${open ? ">= ?" : "= ?"} ORDER BY base_price`,
      listing!.market_id,
      open ? Number.parseInt(open, 10) : listing!.bedrooms,
    ).map((r) => r.base_price);
    const mid = prices.length >> 1;
    const median = prices.length % 2 ? prices[mid]! : (prices[mid - 1]! + prices[mid]!) / 2;
    const res = await get("base_price_recommendation");
    expect(res.json.attribution.starting_price).toBeCloseTo(median, 2);
  });
});
