import { describe, expect, it } from "vitest";
import { pickupAtLead } from "./seed/market-listings";
import {
  CALENDAR_END,
  CALENDAR_START,
  STAYS_START,
  TODAY,
  addDays,
  all,
  db,
  one,
  summary,
  withSeededWorld,
} from "./seed-test-support";

withSeededWorld();

describe("reservations and calendar", () => {
  it("reservations cover 24 months back and canceled ones all have canceled_at", () => {
    const span = one<{ first: string; last: string }>(
      db,
      "SELECT min(check_in) first, max(check_out) last FROM reservations",
    );
    expect(span.first >= STAYS_START).toBe(true);
    expect(span.first <= addDays(STAYS_START, 7)).toBe(true);
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
        WHERE r.status = 'Accepted' AND r.check_in >= ? GROUP BY r.reservation_id HAVING n <> r.nights`,
      CALENDAR_START,
    );
    expect(mismatched).toEqual([]);
    // Stays before the calendar end by its first night: no calendar night is theirs.
    expect(
      all(
        db,
        "SELECT reservation_id FROM reservations WHERE check_in < ? AND check_out > ?",
        CALENDAR_START,
        CALENDAR_START,
      ),
    ).toEqual([]);
    expect(
      all(db, "SELECT reservation_id FROM reservations WHERE check_in < ?", CALENDAR_START).length,
    ).toBeGreaterThan(1000);
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
      sum: number | null;
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
    // Stays before the calendar were priced by the same model over nights it does not hold.
    expect(rows.filter((r) => r.sum === null).length).toBe(
      all(db, "SELECT reservation_id FROM reservations WHERE check_in < ?", CALENDAR_START).length,
    );
    const pattern: Record<string, RegExp> = {
      airbnb: /^HM[A-Z0-9]{8}$/,
      vrbo: /^HA-[A-Z0-9]{7}$/,
      booking_com: /^BC-\d{10}$/,
    };
    for (const r of rows) {
      expect(r.reservation_id).toMatch(pattern[r.channel] as RegExp);
      if (r.sum !== null) expect(r.nightly_subtotal).toBeCloseTo(r.sum, 2);
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

  it("one booking-window curve for stays past and ahead: a year ago the books held what they hold today", () => {
    // Past stays were booked L days ahead with the share still on the books L days ahead today.
    const windows = all<{ w: number }>(
      db,
      `SELECT CAST(julianday(check_in) - julianday(substr(booked_at, 1, 10)) AS INTEGER) w
         FROM reservations WHERE check_in < ?`,
      TODAY,
    ).map((r) => r.w);
    expect(Math.min(...windows)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...windows)).toBeLessThanOrEqual(365);
    for (const lead of [10, 30, 90, 180, 364]) {
      const share = windows.filter((w) => w > lead).length / windows.length;
      expect(share, `booked more than ${lead} days ahead`).toBeCloseTo(pickupAtLead(lead), 1);
    }
    // Nothing is booked before its listing was created.
    expect(
      all(
        db,
        `SELECT r.reservation_id FROM reservations r JOIN listings l ON l.svc_id = r.listing_svc_id
          WHERE substr(r.booked_at, 1, 10) < substr(l.created_at, 1, 10)`,
      ),
    ).toEqual([]);
    // Nights on the books of the active listings over the next 90 and 365 days, today and 364
    // days ago (cancelled ones counted until their cancellation).
    const onTheBooks = (asOf: string, days: number) =>
      one<{ n: number }>(
        db,
        `SELECT SUM(MAX(0, julianday(MIN(r.check_out, @end)) - julianday(MAX(r.check_in, @asOf)))) n
           FROM reservations r JOIN listings l ON l.svc_id = r.listing_svc_id
          WHERE l.is_active = 1 AND substr(r.booked_at, 1, 10) < @asOf
            AND (r.canceled_at IS NULL OR substr(r.canceled_at, 1, 10) >= @asOf)`,
        { asOf, end: addDays(asOf, days) },
      ).n;
    for (const days of [90, 365]) {
      const ratio = onTheBooks(TODAY, days) / onTheBooks(addDays(TODAY, -364), days);
      expect(ratio, `next ${days} days against the same time last year`).toBeGreaterThan(0.85);
      expect(ratio, `next ${days} days against the same time last year`).toBeLessThan(1.15);
    }
  });
});
