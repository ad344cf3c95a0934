/**
 * The seventh persona, portfolio_manager: listed with the others from the start,
 * their ~1,500 listings written on first use, the same for the same seed, invisible to the
 * others, and gone and back after a reset. Each materialisation takes several seconds (about
 * 250,000 reservations), so this file makes three: one per sandbox and one after the reset.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../../lib/svc/endpoints";
import type { Listing } from "../../lib/svc/schemas/listings";
import type { Sandbox } from "../app";
import { call, makeSandbox, personaKeys, reset, rows, type Persona, type Personas } from "../test-support";

const listSchema = endpoints["listings.list"].response;

/** The documented portfolio (docs/reference-service-decisions.md, "A large portfolio"). */
const DOCUMENTED = 1_500;

let sandbox: Sandbox;
let p: Personas;
let portfolio: Listing[];
let firstPage: Listing[];
let ownerBefore: Listing[];
/** Rows of hers before her first request: listings owned and listings shared with her. */
let writtenBeforeUse: { owned: number; shared: number };

const ownedBy = (s: Sandbox, userId: string) =>
  rows<{ n: number }>(s, `SELECT count(*) AS n FROM listings WHERE owner_user_id = ?`, userId)[0]!.n;

async function pageOf(s: Sandbox, key: string, pageNumber: number) {
  const res = await call<Listing[]>(s, "GET", `/listings?per_page=100&page=${pageNumber}`, { key });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { listings: listSchema.parse(res.json), total: Number(res.headers.get("x-total-count")) };
}

/** Every listing the key sees, page by page, checking each page's X-Total-Count. */
async function everyPage(s: Sandbox, key: string): Promise<Listing[]> {
  const first = await pageOf(s, key, 1);
  const all = [...first.listings];
  for (let n = 2; all.length < first.total; n++) {
    const next = await pageOf(s, key, n);
    expect(next.total).toBe(first.total);
    expect(next.listings.length).toBeGreaterThan(0);
    all.push(...next.listings);
  }
  expect(all).toHaveLength(first.total);
  return all;
}

function priceCalendar(s: Sandbox, key: string, svcId: string, start: string, end: string) {
  return call(s, "GET", `/listings/${svcId}/price_calendar?channel=svc&start_date=${start}&end_date=${end}`, {
    key,
  });
}

/** The hooks and tests that write the portfolio: seconds each, more on a loaded machine. */
const WRITES_PORTFOLIO_MS = 60_000;

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
  ownerBefore = await everyPage(sandbox, p.owner.keys.standard);
  const me = p.portfolio_manager.user_id;
  writtenBeforeUse = {
    owned: ownedBy(sandbox, me),
    shared: rows(sandbox, `SELECT 1 FROM listing_access WHERE user_id = ?`, me).length,
  };
  portfolio = await everyPage(sandbox, p.portfolio_manager.keys.standard);
  firstPage = portfolio.slice(0, 100);
}, WRITES_PORTFOLIO_MS);
afterAll(() => sandbox.close());

describe("portfolio_manager", { timeout: WRITES_PORTFOLIO_MS }, () => {
  it("is listed by GET /_sandbox/personas, their portfolio written only on first use", async () => {
    const res = await call<Persona[]>(sandbox, "GET", "/_sandbox/personas");
    const me = res.json.find((x) => x.persona === "portfolio_manager");
    expect(me).toMatchObject({ first_name: "Priya", last_name: "Nair", email: expect.stringMatching(/@/) });
    expect(Object.keys(me!.keys)).toEqual(["standard"]);
    expect(res.json.at(-1)?.persona).toBe("portfolio_manager");
    // Seeding wrote the user and the key, nothing else; other personas' calls changed nothing.
    expect(writtenBeforeUse).toEqual({ owned: 0, shared: 0 });
  });

  it("sees about 1,500 listings over every market and channel, page after page", () => {
    expect(portfolio.length).toBeGreaterThanOrEqual(DOCUMENTED * 0.97);
    expect(portfolio.length).toBeLessThanOrEqual(DOCUMENTED * 1.03);
    expect(new Set(portfolio.map((l) => l.svc_id)).size).toBe(portfolio.length);
    expect(new Set(portfolio.map((l) => l.market_id)).size).toBe(4);
    expect(new Set(portfolio.map((l) => l.channel))).toEqual(new Set(["airbnb", "vrbo", "booking_com"]));
    // Names are told apart (a unit number where two would be alike).
    expect(new Set(portfolio.map((l) => l.name)).size).toBe(portfolio.length);
  });

  it("has the documented shares of hidden, inactive, restricted and view-only listings", () => {
    const share = (pick: (l: Listing) => boolean) => portfolio.filter(pick).length / portfolio.length;
    expect(share((l) => l.is_hidden)).toBeGreaterThanOrEqual(0.02);
    expect(share((l) => l.is_hidden)).toBeLessThanOrEqual(0.03);
    expect(share((l) => !l.is_active)).toBeGreaterThanOrEqual(0.04);
    expect(share((l) => !l.is_active)).toBeLessThanOrEqual(0.06);
    expect(share((l) => l.access_level === "restricted_editor")).toBeGreaterThanOrEqual(0.025);
    expect(share((l) => l.access_level === "restricted_editor")).toBeLessThanOrEqual(0.035);
    expect(share((l) => l.access_level === "viewer")).toBeGreaterThanOrEqual(0.015);
    expect(share((l) => l.access_level === "viewer")).toBeLessThanOrEqual(0.025);
    const levels = new Set(portfolio.map((l) => l.access_level));
    expect(levels).toEqual(new Set(["owner", "restricted_editor", "viewer"]));
    // Each shared level comes from a partner's account, not from the persona's own.
    const me = p.portfolio_manager.user_id;
    for (const l of portfolio) expect(l.owner_user.id === me, l.svc_id).toBe(l.access_level === "owner");
    const partners = new Set(portfolio.filter((l) => l.access_level !== "owner").map((l) => l.owner_user.id));
    expect(partners.size).toBe(2);
  });

  it("leaves every other persona's listings as they were", async () => {
    expect(await everyPage(sandbox, p.owner.keys.standard)).toEqual(ownerBefore);
    const theirs = new Set(portfolio.map((l) => l.svc_id));
    for (const persona of ["owner", "manager", "outsider"] as const) {
      const seen = await everyPage(sandbox, p[persona].keys.standard);
      expect(
        seen.filter((l) => theirs.has(l.svc_id)),
        persona,
      ).toEqual([]);
    }
    const other = await call(sandbox, "GET", `/listings/${portfolio[0]!.svc_id}?channel=svc`, {
      key: p.owner.keys.standard,
    });
    expect(other.status).toBe(404);
  });

  it("answers a listing's price calendar for 365 nights ahead, some of them booked", async () => {
    const today = sandbox.ctx.clock.today();
    const listing = portfolio.find((l) => l.is_active && l.access_level === "owner")!;
    const res = await priceCalendar(
      sandbox,
      p.portfolio_manager.keys.standard,
      listing.svc_id,
      today,
      addDays(today, 364),
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const nights = res.json.nights as Array<{ date: string; is_booked: boolean; price: number }>;
    expect(nights).toHaveLength(365);
    expect(nights[0]!.date).toBe(today);
    expect(nights.some((n) => n.is_booked)).toBe(true);
    expect(nights.some((n) => !n.is_booked)).toBe(true);
    expect(nights.every((n) => n.price > 0)).toBe(true);
  });

  it("holds stays from 24 months back to 12 ahead beyond her calendars, at least 150,000", () => {
    const today = sandbox.ctx.clock.today();
    const [stays] = rows<{ n: number; first: string; last: string; before: number; across: number }>(
      sandbox,
      `SELECT count(*) AS n, min(r.check_in) AS first, max(r.check_in) AS last,
              sum(r.check_in < c.first) AS before, sum(r.check_in < c.first AND r.check_out > c.first) AS across
         FROM reservations r JOIN listings l ON l.svc_id = r.listing_svc_id
         JOIN (SELECT listing_svc_id, min(date) AS first FROM calendar_nights GROUP BY listing_svc_id) c
           ON c.listing_svc_id = r.listing_svc_id
        WHERE l.owner_user_id = ? OR r.listing_svc_id IN (SELECT listing_svc_id FROM listing_access WHERE user_id = ?)`,
      p.portfolio_manager.user_id,
      p.portfolio_manager.user_id,
    );
    expect(stays!.n).toBeGreaterThanOrEqual(150_000);
    expect(stays!.first <= `${addDays(today, -730).slice(0, 7)}-07`).toBe(true);
    expect(stays!.last > addDays(today, 300)).toBe(true);
    // Most of them before her calendars start, and none holding a night of them.
    expect(stays!.before).toBeGreaterThan(stays!.n / 2);
    expect(stays!.across).toBe(0);
  });

  it("is the same for the same seed, whatever the clock said when it was first used", async () => {
    const other = makeSandbox();
    try {
      const seededOn = sandbox.ctx.clock.today();
      // Three days later on the other service: the portfolio still follows the seeded day.
      await call(other, "POST", "/_sandbox/clock", { body: { advance_seconds: 3 * 86_400 } });
      const key = (await personaKeys(other)).portfolio_manager.keys.standard;
      expect((await pageOf(other, key, 1)).listings).toEqual(firstPage);
      const svcId = firstPage.find((l) => l.is_active)!.svc_id;
      const [start, end] = [addDays(seededOn, 10), addDays(seededOn, 100)];
      const mine = await priceCalendar(sandbox, p.portfolio_manager.keys.standard, svcId, start, end);
      const theirs = await priceCalendar(other, key, svcId, start, end);
      expect(mine.status).toBe(200);
      expect(theirs.json).toEqual(mine.json);
    } finally {
      other.close();
    }
  });

  it("is dropped by a reset and written again, the same, on next use", async () => {
    await reset(sandbox);
    const again = await personaKeys(sandbox);
    expect(again.portfolio_manager.user_id).toBe(p.portfolio_manager.user_id);
    expect(ownedBy(sandbox, p.portfolio_manager.user_id)).toBe(0);
    expect((await pageOf(sandbox, again.portfolio_manager.keys.standard, 1)).listings).toEqual(firstPage);
    expect(ownedBy(sandbox, p.portfolio_manager.user_id)).toBeGreaterThan(1_400);
  });
});
