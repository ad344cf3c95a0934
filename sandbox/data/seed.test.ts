import { createHash } from "node:crypto";
import { setFilters } from "../../lib/svc/schemas/sets";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isSeeded, openDatabase } from "./db";
import { SEEDED_TABLES, seedDatabase, type SeedSummary } from "./seed";

const TODAY = "2026-11-21";
const CALENDAR_START = "2025-08-01"; // first of the month 15 months before TODAY
const CALENDAR_END = "2027-11-21"; // TODAY + 365

type Row = Record<string, unknown>;

function all<T = Row>(db: Database.Database, sql: string, ...params: unknown[]): T[] {
  return db.prepare(sql).all(...params) as T[];
}
function one<T = Row>(db: Database.Database, sql: string, ...params: unknown[]): T {
  return db.prepare(sql).get(...params) as T;
}

/** sha256 of every table's rows in insertion order, by table name. */
function tableHashes(db: Database.Database): Record<string, string> {
  const tables = all<{ name: string }>(
    db,
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const rows = db.prepare(`SELECT * FROM ${name} ORDER BY rowid`).raw().all();
    out[name] = createHash("sha256").update(JSON.stringify(rows)).digest("hex");
  }
  return out;
}

function seeded(
  seed: string | number,
  today = TODAY,
): { db: Database.Database; summary: SeedSummary; ms: number } {
  const db = openDatabase(":memory:");
  const t0 = performance.now();
  const summary = seedDatabase(db, { seed, today });
  return { db, summary, ms: performance.now() - t0 };
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function haversineKm([lat1, lng1]: [number, number], [lat2, lng2]: [number, number]): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

let db: Database.Database;
let summary: SeedSummary;
let seedMs: number;

beforeAll(() => {
  ({ db, summary, ms: seedMs } = seeded("vitest-world"));
});
afterAll(() => db.close());

describe("determinism", () => {
  it("same seed and day give identical data", () => {
    const a = seeded("repeatable");
    const b = seeded("repeatable");
    const hashesA = tableHashes(a.db);
    expect(Object.keys(hashesA)).toEqual(expect.arrayContaining([...SEEDED_TABLES]));
    expect(tableHashes(b.db)).toEqual(hashesA);
    expect(b.summary).toEqual(a.summary);
    // A numeric seed is the same world as its decimal string.
    expect(tableHashes(seeded(42).db)).toEqual(tableHashes(seeded("42").db));
  });

  it("different seeds give different data", () => {
    const a = tableHashes(seeded("alpha").db);
    const b = tableHashes(seeded("beta").db);
    for (const table of [
      "users",
      "api_keys",
      "listings",
      "market_listings",
      "reservations",
      "calendar_nights",
      "sets",
    ]) {
      expect(b[table], table).not.toBe(a[table]);
    }
  });

  it("timestamps follow the given day, not the wall clock", () => {
    const later = seeded("vitest-world", "2027-03-02");
    expect(one(later.db, "SELECT value FROM meta WHERE key = 'seeded_on'")).toEqual({ value: "2027-03-02" });
    expect(later.summary.calendar).toEqual({ start: "2025-12-01", end: "2028-03-01" });
    const max = one<{ b: string }>(later.db, "SELECT max(booked_at) b FROM reservations");
    expect(max.b < "2027-03-02").toBe(true);
  });

  it("seeds in well under 2 seconds and refuses to seed twice", () => {
    expect(seedMs).toBeLessThan(2000);
    expect(isSeeded(db)).toBe(true);
    expect(() => seedDatabase(db, { seed: "again", today: TODAY })).toThrow(/already seeded/);
  });
});

describe("openDatabase", () => {
  it("creates the directory of a file database, uses WAL and enforces foreign keys", () => {
    const dir = mkdtempSync(join(tmpdir(), "seed-test-"));
    try {
      const file = openDatabase(join(dir, "nested", "svc.sqlite"));
      expect(file.pragma("journal_mode", { simple: true })).toBe("wal");
      expect(file.pragma("foreign_keys", { simple: true })).toBe(1);
      expect(isSeeded(file)).toBe(false);
      expect(() =>
        file.prepare("INSERT INTO set_shares (set_id, user_id, level) VALUES ('nope', 'nobody', 'R')").run(),
      ).toThrow(/FOREIGN KEY/);
      file.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("markets", () => {
  it("at least 3 markets in at least 2 currencies, each with an fx rate and bedroom groups", () => {
    const markets = all<{ id: string; currency: string; bedroom_groups: string }>(
      db,
      "SELECT * FROM markets",
    );
    expect(markets.length).toBeGreaterThanOrEqual(3);
    expect(new Set(markets.map((m) => m.currency)).size).toBeGreaterThanOrEqual(2);
    const rates = new Map(
      all<{ currency: string; per_usd: number }>(db, "SELECT * FROM fx_rates").map((r) => [
        r.currency,
        r.per_usd,
      ]),
    );
    expect(rates.get("USD")).toBe(1);
    for (const m of markets) expect(rates.get(m.currency), m.currency).toBeGreaterThan(0);
    const groups = markets.map((m) => JSON.parse(m.bedroom_groups) as string[]);
    expect(groups).toContainEqual(["0", "1", "2", "3", "4", "5", "6+"]);
    expect(groups).toContainEqual(["0", "1", "2+"]);
  });
});

describe("listings", () => {
  it("at least 30 owner listings across airbnb, vrbo and booking_com", () => {
    const rows = all<{ channel: string; n: number }>(
      db,
      "SELECT channel, count(*) n FROM listings WHERE owner_user_id = ? GROUP BY channel",
      summary.personas.owner,
    );
    expect(rows.map((r) => r.channel).sort()).toEqual(["airbnb", "booking_com", "vrbo"]);
    expect(rows.reduce((n, r) => n + r.n, 0)).toBeGreaterThanOrEqual(30);
    const tiers = all<{ pricing_tier: string }>(
      db,
      "SELECT DISTINCT pricing_tier FROM listings WHERE owner_user_id = ?",
      summary.personas.owner,
    );
    expect(tiers.map((t) => t.pricing_tier)).toEqual(
      expect.arrayContaining(["Free", "Pro Flex", "Pro Flat", "Pro Trial", "Pro Onboarding"]),
    );
  });

  it("two listings on the same channel with different supported_settings", () => {
    const rows = all<{ channel: string; n: number }>(
      db,
      "SELECT channel, count(DISTINCT supported_settings) n FROM listings WHERE owner_user_id = ? GROUP BY channel HAVING n > 1",
      summary.personas.owner,
    );
    expect(rows.length).toBeGreaterThanOrEqual(1);
    for (const l of all<{ supported_settings: string }>(db, "SELECT supported_settings FROM listings")) {
      expect(Object.keys(JSON.parse(l.supported_settings)).sort()).toEqual([
        "checkin_checkout",
        "long_term_discount_form",
        "long_term_discounts",
        "min_stay",
      ]);
    }
  });

  it("one channel listing id is used on two channels by different listings", () => {
    const shared = all(
      db,
      `SELECT a.svc_id, b.svc_id FROM listings a JOIN listings b
         ON a.channel_listing_id = b.channel_listing_id AND a.channel = 'airbnb' AND b.channel = 'vrbo'`,
    );
    expect(shared).toHaveLength(1);
    expect(one<{ n: number }>(db, "SELECT count(DISTINCT svc_id) n FROM listings").n).toBe(
      summary.counts.listings,
    );
  });

  it("preferences match the contract shape and bracket the base price", () => {
    const rows = all<{
      base_price: number;
      preferences: string;
      supported_settings: string;
      currency: string;
      mcur: string;
    }>(db, "SELECT l.*, m.currency mcur FROM listings l JOIN markets m ON m.id = l.market_id");
    for (const r of rows) {
      const p = JSON.parse(r.preferences);
      expect(Object.keys(p).sort()).toEqual([
        "base_price",
        "base_price_adjustment",
        "fees",
        "guests_included",
        "long_term_discounts",
        "max_price",
        "min_price",
        "min_stay",
        "nickname",
        "pricing_enabled",
      ]);
      expect(p.base_price).toBe(r.base_price);
      expect(p.min_price).toBeLessThan(p.base_price);
      expect(p.max_price).toBeGreaterThan(p.base_price);
      if (p.fees !== null) expect(Object.keys(p.fees).sort()).toEqual(["cleaning_fee", "extra_guest_fee"]);
      if (!JSON.parse(r.supported_settings).long_term_discounts) expect(p.long_term_discounts).toBeNull();
      expect(r.currency).toBe(r.mcur);
    }
  });
});

describe("market listings", () => {
  const SUFFIXES = ["365_0", "90_0", "30_0", "0_30", "0_90"];
  const METRICS = [
    "adr",
    "asking_rate",
    "revenue",
    "revpar",
    "revpar_adjusted",
    "occupancy_adjusted",
    "nights_percent_open",
    "length_of_stay",
    "nights_booked",
    "nights_available",
  ];

  it("at least 2000 candidates with coordinates, amenities arrays and metrics", () => {
    const rows = all<{
      listing_id: string;
      latitude: number;
      longitude: number;
      mlat: number;
      mlng: number;
      amenities: string;
      metrics: string;
      eligible: number;
      currency: string;
      mcur: string;
      guests_included: number | null;
    }>(
      db,
      "SELECT c.*, m.latitude mlat, m.longitude mlng, m.currency mcur FROM market_listings c JOIN markets m ON m.id = c.market_id",
    );
    expect(rows.length).toBeGreaterThanOrEqual(2000);
    let withNull = 0;
    for (const r of rows) {
      const amenities = JSON.parse(r.amenities);
      const ok =
        Math.abs(r.latitude - r.mlat) < 0.2 &&
        Math.abs(r.longitude - r.mlng) < 0.25 &&
        r.currency === r.mcur &&
        Array.isArray(amenities) &&
        amenities.every((a) => typeof a === "string");
      if (!ok) expect(r).toBe("near the market centre, in its currency, with an amenities array");
      const m = JSON.parse(r.metrics) as Record<string, number | null>;
      const missing = METRICS.flatMap((metric) => SUFFIXES.map((s) => `${metric}_${s}`)).filter(
        (k) => !(k in m),
      );
      if (missing.length > 0) expect(missing, r.listing_id).toEqual([]);
      if (Object.values(m).some((v) => v === null)) withNull++;
      for (const s of SUFFIXES) {
        const [adr, booked, avail, revenue, occ] = [
          m[`adr_${s}`],
          m[`nights_booked_${s}`],
          m[`nights_available_${s}`],
          m[`revenue_${s}`],
          m[`occupancy_adjusted_${s}`],
        ];
        if (adr == null || booked == null || avail == null || revenue == null || occ == null) continue;
        const coherent =
          Math.abs(revenue - adr * booked) < 0.05 &&
          Math.abs(occ - (100 * booked) / avail) < 0.06 &&
          occ >= 0 &&
          occ <= 100 &&
          Math.abs((m[`revpar_adjusted_${s}`] ?? NaN) - revenue / avail) < 0.01;
        if (!coherent) expect({ listing: r.listing_id, suffix: s, metrics: m }).toBe("coherent");
      }
    }
    expect(new Set(rows.map((r) => r.listing_id)).size).toBe(rows.length);
    expect(withNull / rows.length).toBeGreaterThan(0.01);
    expect(withNull / rows.length).toBeLessThan(0.15);
    const ineligible = rows.filter((r) => r.eligible === 0).length / rows.length;
    expect(ineligible).toBeGreaterThan(0.02);
    expect(ineligible).toBeLessThan(0.09);
    const unknownGuests = rows.filter((r) => r.guests_included === null).length / rows.length;
    expect(unknownGuests).toBeGreaterThan(0.05);
    expect(unknownGuests).toBeLessThan(0.15);
  });
});

describe("reservations and calendar", () => {
  it("reservations cover 15 months back and canceled ones all have canceled_at", () => {
    const span = one<{ first: string; last: string }>(
      db,
      "SELECT min(check_in) first, max(check_out) last FROM reservations",
    );
    expect(span.first <= addDays(CALENDAR_START, 7)).toBe(true);
    expect(span.last > addDays(TODAY, 180)).toBe(true);
    const byStatus = all<{ status: string; n: number; with_cancel: number }>(
      db,
      "SELECT status, count(*) n, count(canceled_at) with_cancel FROM reservations GROUP BY status ORDER BY status",
    );
    expect(byStatus.map((s) => s.status)).toEqual(["Accepted", "Canceled"]);
    const [accepted, canceled] = byStatus as [(typeof byStatus)[0], (typeof byStatus)[0]];
    expect(accepted.with_cancel).toBe(0);
    expect(canceled.with_cancel).toBe(canceled.n);
    const share = canceled.n / (accepted.n + canceled.n);
    expect(share).toBeGreaterThan(0.04);
    expect(share).toBeLessThan(0.1);
    // Booked before check-in and before today; cancelled between booking and min(check-in, today).
    expect(
      all(
        db,
        "SELECT reservation_id FROM reservations WHERE booked_at >= check_in OR substr(booked_at, 1, 10) >= ?",
        TODAY,
      ),
    ).toEqual([]);
    expect(
      all(
        db,
        "SELECT reservation_id FROM reservations WHERE status = 'Canceled' AND (canceled_at <= booked_at OR canceled_at > check_in OR substr(canceled_at, 1, 10) >= ?)",
        TODAY,
      ),
    ).toEqual([]);
    const stays = one<{ avg: number; min: number; max: number }>(
      db,
      "SELECT avg(nights) avg, min(nights) min, max(nights) max FROM reservations",
    );
    expect(stays.min).toBeGreaterThanOrEqual(1);
    expect(stays.max).toBeLessThanOrEqual(14);
    expect(stays.avg).toBeGreaterThan(2.8);
    expect(stays.avg).toBeLessThan(4.5);
  });

  it("Accepted reservations of a listing never overlap", () => {
    const overlaps = all(
      db,
      `SELECT a.reservation_id, b.reservation_id FROM reservations a JOIN reservations b
         ON a.listing_svc_id = b.listing_svc_id AND a.reservation_id < b.reservation_id
        WHERE a.status = 'Accepted' AND b.status = 'Accepted' AND a.check_in < b.check_out AND b.check_in < a.check_out`,
    );
    expect(overlaps).toEqual([]);
  });

  it("calendar nights of booked stays are unavailable with the reservation id", () => {
    const mismatched = all(
      db,
      `SELECT r.reservation_id, r.nights, count(c.date) n FROM reservations r
         LEFT JOIN calendar_nights c ON c.reservation_id = r.reservation_id AND c.available = 0 AND c.blocked = 0
          AND c.listing_svc_id = r.listing_svc_id AND c.date >= r.check_in AND c.date < r.check_out
        WHERE r.status = 'Accepted' GROUP BY r.reservation_id HAVING n <> r.nights`,
    );
    expect(mismatched).toEqual([]);
    // Canceled stays leave their nights open; no night points at a canceled or unknown reservation.
    expect(
      all(
        db,
        `SELECT c.date FROM calendar_nights c LEFT JOIN reservations r ON r.reservation_id = c.reservation_id
                WHERE c.reservation_id IS NOT NULL AND (r.status IS NULL OR r.status <> 'Accepted')`,
      ),
    ).toEqual([]);
    expect(
      all(
        db,
        "SELECT date FROM calendar_nights WHERE blocked = 1 AND (available = 1 OR reservation_id IS NOT NULL)",
      ),
    ).toEqual([]);
    expect(
      all(
        db,
        "SELECT date FROM calendar_nights WHERE blocked = 0 AND reservation_id IS NULL AND available = 0",
      ),
    ).toEqual([]);
    const blocked = one<{ share: number }>(db, "SELECT avg(blocked) share FROM calendar_nights");
    expect(blocked.share).toBeGreaterThan(0.015);
    expect(blocked.share).toBeLessThan(0.05);
  });

  it("12 months of forward calendar for every listing, priced within its limits", () => {
    const expectedNights =
      Math.round((Date.parse(CALENDAR_END) - Date.parse(CALENDAR_START)) / 86_400_000) + 1;
    const perListing = all<{ svc_id: string; n: number; first: string; last: string }>(
      db,
      `SELECT l.svc_id, count(c.date) n, min(c.date) first, max(c.date) last
         FROM listings l LEFT JOIN calendar_nights c ON c.listing_svc_id = l.svc_id GROUP BY l.svc_id`,
    );
    expect(perListing).toHaveLength(summary.counts.listings);
    for (const l of perListing)
      expect(l, l.svc_id).toMatchObject({ n: expectedNights, first: CALENDAR_START, last: CALENDAR_END });
    const outOfRange = all(
      db,
      `SELECT c.listing_svc_id, c.date FROM calendar_nights c JOIN listings l ON l.svc_id = c.listing_svc_id
        WHERE c.recommended_price < json_extract(l.preferences, '$.min_price')
           OR c.recommended_price > json_extract(l.preferences, '$.max_price')
           OR c.min_stay NOT BETWEEN 1 AND 5 OR c.price <= 0`,
    );
    expect(outOfRange).toEqual([]);
    expect(
      all<{ demand: string }>(db, "SELECT DISTINCT demand FROM calendar_nights ORDER BY demand").map(
        (d) => d.demand,
      ),
    ).toEqual(["high", "low", "normal", "very_high"]);
  });

  it("occupancy is realistic in the past and decays with lead time ahead", () => {
    const occ = (from: string, to: string) =>
      one<{ occ: number }>(
        db,
        `SELECT avg(c.reservation_id IS NOT NULL) occ FROM calendar_nights c JOIN listings l ON l.svc_id = c.listing_svc_id
          WHERE l.is_active = 1 AND c.date >= ? AND c.date < ?`,
        from,
        to,
      ).occ;
    const past = occ(CALENDAR_START, TODAY);
    expect(past).toBeGreaterThan(0.55);
    expect(past).toBeLessThan(0.85);
    const next30 = occ(TODAY, addDays(TODAY, 30));
    const farOut = occ(addDays(TODAY, 183), addDays(TODAY, 366));
    expect(next30).toBeGreaterThan(0.45);
    expect(next30).toBeLessThan(0.75);
    expect(farOut).toBeGreaterThan(0.03);
    expect(farOut).toBeLessThan(0.2);
  });

  it("reservation ids and amounts follow the channel and the nights' prices", () => {
    const rows = all<{
      reservation_id: string;
      channel: string;
      nightly_subtotal: number;
      sum: number;
      fees: number | null;
      taxes: number | null;
      total_price: number;
      payout: number;
    }>(
      db,
      `SELECT r.*, l.channel, (SELECT sum(price) FROM calendar_nights c WHERE c.listing_svc_id = r.listing_svc_id
              AND c.date >= r.check_in AND c.date < r.check_out) sum
         FROM reservations r JOIN listings l ON l.svc_id = r.listing_svc_id`,
    );
    const pattern: Record<string, RegExp> = {
      airbnb: /^HM[A-Z0-9]{8}$/,
      vrbo: /^HA-[A-Z0-9]{7}$/,
      booking_com: /^BC-\d{10}$/,
    };
    for (const r of rows) {
      expect(r.reservation_id).toMatch(pattern[r.channel] as RegExp);
      expect(r.nightly_subtotal).toBeCloseTo(r.sum, 2);
      expect(r.total_price).toBeCloseTo(r.nightly_subtotal + (r.fees ?? 0) + (r.taxes ?? 0), 1);
      expect(r.payout).toBeLessThan(r.total_price);
    }
    const nulls = one<{ comments: number; source: number }>(
      db,
      "SELECT count(*) - count(comments) comments, count(*) - count(source_name) source FROM reservations",
    );
    expect(nulls.comments).toBeGreaterThan(0);
    expect(nulls.source).toBeGreaterThan(0);
  });
});

describe("personas §8", () => {
  it("owner has keys of all 3 kinds, a hidden listing, a filter-based set and a paid set", () => {
    const owner = summary.personas.owner;
    const keys = all<{ kind: string; key_hash: string; demo_key: string; last4: string; token_id: string }>(
      db,
      "SELECT * FROM api_keys WHERE user_id = ?",
      owner,
    );
    expect(keys.map((k) => k.kind).sort()).toEqual(["channel_integration", "read_only", "standard"]);
    for (const k of all<{ key_hash: string; demo_key: string; last4: string; token_id: string }>(
      db,
      "SELECT * FROM api_keys",
    )) {
      expect(k.demo_key).toMatch(/^sk_live_[0-9a-f]{32}$/);
      expect(k.key_hash).toBe(createHash("sha256").update(k.demo_key).digest("hex"));
      expect(k.last4).toBe(k.demo_key.slice(-4));
      expect(k.token_id).toMatch(/^tok_/);
    }
    const flags = one<{
      hidden: number;
      inactive: number;
      inactive_visible: number;
      hidden_inactive: number;
      has_history: number;
    }>(
      db,
      `SELECT sum(is_hidden) hidden, sum(1 - is_active) inactive, sum(is_hidden = 0 AND is_active = 0) inactive_visible,
              sum(is_hidden = 1 AND is_active = 0) hidden_inactive,
              (SELECT has_history_feature FROM users WHERE id = ?) has_history
         FROM listings WHERE owner_user_id = ?`,
      owner,
      owner,
    );
    expect(flags).toMatchObject({
      hidden: 2,
      inactive: 3,
      inactive_visible: 2,
      hidden_inactive: 1,
      has_history: 1,
    });
    const sets = all<{
      id: string;
      membership: string;
      is_paid: number;
      billed_user_id: string | null;
      filters: string | null;
    }>(db, "SELECT * FROM sets WHERE owner_user_id = ?", owner);
    expect(sets.length).toBeGreaterThanOrEqual(4);
    const filterSet = sets.find((s) => s.membership === "filter");
    // The contract's filters object, as the set endpoints answer it.
    const filters = setFilters.parse(JSON.parse(filterSet?.filters ?? "null"));
    expect(filters).toMatchObject({ bedrooms_min: 2, bedrooms_max: 2, radius_km: 3 });
    const members = all<{
      status: string;
      bedrooms: number;
      latitude: number;
      longitude: number;
      market_id: string;
    }>(
      db,
      "SELECT m.status, c.* FROM set_members m JOIN market_listings c ON c.listing_id = m.listing_id WHERE m.set_id = ?",
      filterSet?.id,
    );
    expect(members.filter((m) => m.status === "active")).toHaveLength(12);
    expect(members.filter((m) => m.status === "suggested")).toHaveLength(3);
    expect(new Set(members.map((m) => m.market_id)).size).toBe(1);
    for (const m of members) {
      expect(m.bedrooms).toBe(2);
      expect(
        haversineKm([filters.latitude!, filters.longitude!], [m.latitude, m.longitude]),
      ).toBeLessThanOrEqual(filters.radius_km!);
    }
    expect(sets.filter((s) => s.is_paid === 1).every((s) => s.billed_user_id === owner)).toBe(true);
    expect(sets.filter((s) => s.is_paid === 1).length).toBeGreaterThanOrEqual(1);
    // A set shared with the owner by the manager.
    expect(
      one<{ level: string }>(
        db,
        "SELECT level FROM set_shares sh JOIN sets s ON s.id = sh.set_id WHERE sh.user_id = ? AND s.owner_user_id = ?",
        owner,
        summary.personas.manager,
      ),
    ).toEqual({ level: "R" });
  });

  it("team members have access to every owner listing at their level; outsider has none", () => {
    const ownerListings = one<{ n: number }>(
      db,
      "SELECT count(*) n FROM listings WHERE owner_user_id = ?",
      summary.personas.owner,
    ).n;
    for (const persona of ["manager", "editor", "restricted_editor", "viewer"] as const) {
      const userId = summary.personas[persona];
      expect(
        one(
          db,
          "SELECT level, status FROM team_members WHERE owner_user_id = ? AND member_user_id = ?",
          summary.personas.owner,
          userId,
        ),
      ).toEqual({ level: persona, status: "active" });
      const access = one<{ n: number; levels: string }>(
        db,
        `SELECT count(*) n, group_concat(DISTINCT a.level) levels FROM listing_access a JOIN listings l ON l.svc_id = a.listing_svc_id
          WHERE a.user_id = ? AND l.owner_user_id = ?`,
        userId,
        summary.personas.owner,
      );
      expect(access).toEqual({ n: ownerListings, levels: persona });
    }
    const outsider = summary.personas.outsider;
    expect(one(db, "SELECT count(*) n FROM listing_access WHERE user_id = ?", outsider)).toEqual({ n: 0 });
    expect(one(db, "SELECT count(*) n FROM team_members WHERE member_user_id = ?", outsider)).toEqual({
      n: 0,
    });
    expect(one(db, "SELECT count(*) n FROM set_shares WHERE user_id = ?", outsider)).toEqual({ n: 0 });
  });

  it("every persona but owner owns a listing of its own", () => {
    const users = all<{ persona: string; email: string; n: number; keys: number }>(
      db,
      `SELECT u.persona, u.email, (SELECT count(*) FROM listings l WHERE l.owner_user_id = u.id) n,
              (SELECT count(*) FROM api_keys k WHERE k.user_id = u.id AND k.kind = 'standard') keys
         FROM users u ORDER BY u.rowid`,
    );
    expect(users.map((u) => u.persona)).toEqual([
      "owner",
      "manager",
      "editor",
      "restricted_editor",
      "viewer",
      "outsider",
    ]);
    for (const u of users) {
      expect(u.keys, u.persona).toBe(1);
      expect(u.email).toMatch(/^[a-z.]+@[a-z]+\.example$/);
      if (u.persona !== "owner") {
        expect(u.n, u.persona).toBeGreaterThanOrEqual(1);
        expect(u.n, u.persona).toBeLessThanOrEqual(2);
      }
    }
  });
});

describe("sets", () => {
  it("the 30-membership set exists: paid, 22 active, 5 suggested, 3 inactive", () => {
    const sets = all<{
      id: string;
      is_paid: number;
      active: number;
      suggested: number;
      inactive: number;
      total: number;
    }>(
      db,
      `SELECT s.id, s.is_paid, sum(m.status = 'active') active, sum(m.status = 'suggested') suggested,
              sum(m.status = 'inactive') inactive, count(*) total
         FROM sets s JOIN set_members m ON m.set_id = s.id GROUP BY s.id HAVING total > 25`,
    );
    expect(sets).toHaveLength(1);
    expect(sets[0]).toMatchObject({ is_paid: 1, active: 22, suggested: 5, inactive: 3, total: 30 });
  });

  it("members are eligible candidates of the set's market; associated listings are the owner's in that market", () => {
    expect(
      all(
        db,
        `SELECT m.listing_id FROM set_members m JOIN sets s ON s.id = m.set_id JOIN market_listings c ON c.listing_id = m.listing_id
                WHERE c.eligible = 0 OR c.currency <> s.currency`,
      ),
    ).toEqual([]);
    const markets = all<{ id: string; n: number }>(
      db,
      "SELECT s.id, count(DISTINCT c.market_id) n FROM sets s JOIN set_members m ON m.set_id = s.id JOIN market_listings c ON c.listing_id = m.listing_id GROUP BY s.id",
    );
    for (const m of markets) expect(m.n, m.id).toBe(1);
    const assoc = all<{ ok: number }>(
      db,
      `SELECT (l.owner_user_id = s.owner_user_id AND l.market_id = (SELECT c.market_id FROM set_members m JOIN market_listings c ON c.listing_id = m.listing_id WHERE m.set_id = s.id LIMIT 1)) ok
         FROM set_associated_listings a JOIN sets s ON s.id = a.set_id JOIN listings l ON l.svc_id = a.listing_svc_id`,
    );
    expect(assoc.length).toBeGreaterThanOrEqual(3);
    expect(assoc.every((a) => a.ok === 1)).toBe(true);
    const kinds = all<{ kind: string | null; n: number; shares: number }>(
      db,
      "SELECT s.kind, count(m.listing_id) n, (SELECT count(*) FROM set_shares sh WHERE sh.set_id = s.id) shares FROM sets s JOIN set_members m ON m.set_id = s.id GROUP BY s.id",
    );
    expect(kinds).toContainEqual({ kind: null, n: 8, shares: 1 });
    expect(kinds).toContainEqual(expect.objectContaining({ n: 18, shares: 4 }));
    for (const b of all<{ boundary: string }>(db, "SELECT boundary FROM sets WHERE boundary IS NOT NULL")) {
      const polygon = JSON.parse(b.boundary) as number[][][][];
      const ring = polygon[0]?.[0] ?? [];
      expect(ring.length).toBeGreaterThanOrEqual(4);
      expect(ring[0]).toEqual(ring[ring.length - 1]);
    }
  });
});
