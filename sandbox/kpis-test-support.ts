/**
 * Test helpers for the KPI and segment tests: the metrics of one listing over a date range,
 * recomputed straight from the database with SQL (independently of domain/kpis), and small
 * date helpers.
 */
import type { KpiMetric } from "../lib/svc/schemas/kpis";
import type { Sandbox } from "./app";
import { rows } from "./test-support";

export type Expected = Record<KpiMetric, number | null>;

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const ratio = (a: number, b: number, digits: number) => (b > 0 ? round(a / b, digits) : null);

/** YYYY-MM-DD `days` after `date`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The first day of the month `months` after the month of `date`, as YYYY-MM. */
export function addMonths(month: string, months: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/**
 * Lexicon metrics of nights `[from, to)` of one listing from SQL. Revenue is each booked
 * night's exact share `nightly_subtotal / nights` of an Accepted reservation, so it may differ
 * from the service's whole-cent split by under a cent per reservation cut by the range. A stay
 * counts on its check-in night, so stays before the calendar (which holds none of their nights)
 * count in no period.
 */
export function sqlMetrics(sandbox: Sandbox, svcId: string, from: string, to: string): Expected {
  const [n] = rows<{
    nights: number;
    booked: number;
    blocked: number;
    open: number;
    revenue: number | null;
    open_price: number | null;
  }>(
    sandbox,
    `SELECT COUNT(*) AS nights,
            SUM(r.status = 'Accepted') AS booked,
            SUM(n.blocked = 1 AND r.reservation_id IS NULL) AS blocked,
            SUM(n.available = 1) AS open,
            SUM(CASE WHEN r.status = 'Accepted' THEN r.nightly_subtotal * 1.0 / r.nights END) AS revenue,
            SUM(CASE WHEN n.available = 1 THEN n.price END) AS open_price
     FROM calendar_nights n LEFT JOIN reservations r ON r.reservation_id = n.reservation_id
     WHERE n.listing_svc_id = ? AND n.date >= ? AND n.date < ?`,
    svcId,
    from,
    to,
  ) as [
    {
      nights: number;
      booked: number;
      blocked: number;
      open: number;
      revenue: number | null;
      open_price: number | null;
    },
  ];
  const [s] = rows<{ stays: number; stay_nights: number | null; window_days: number | null }>(
    sandbox,
    `SELECT COUNT(*) AS stays, SUM(nights) AS stay_nights,
            SUM(CAST(julianday(check_in) - julianday(substr(booked_at, 1, 10)) AS INTEGER)) AS window_days
     FROM reservations r WHERE listing_svc_id = ? AND status = 'Accepted' AND check_in >= ? AND check_in < ?
       AND EXISTS (SELECT 1 FROM calendar_nights n WHERE n.listing_svc_id = r.listing_svc_id AND n.date = r.check_in)`,
    svcId,
    from,
    to,
  ) as [{ stays: number; stay_nights: number | null; window_days: number | null }];
  if (n.nights === 0) {
    return Object.fromEntries(
      ["adr", "asking_rate", "revenue", "revpar", "revpar_adjusted", "occupancy", "occupancy_adjusted"]
        .concat(["nights_booked", "nights_available", "nights_blocked", "nights_percent_open"])
        .concat(["length_of_stay", "booking_window"])
        .map((m) => [m, null]),
    ) as Expected;
  }
  const booked = n.booked ?? 0;
  const blocked = n.blocked ?? 0;
  const open = n.open ?? 0;
  const revenue = n.revenue ?? 0;
  const available = n.nights - blocked;
  return {
    adr: ratio(revenue, booked, 2),
    asking_rate: ratio(n.open_price ?? 0, open, 2),
    revenue: round(revenue, 2),
    revpar: ratio(revenue, n.nights, 2),
    revpar_adjusted: ratio(revenue, available, 2),
    occupancy: ratio(100 * booked, n.nights, 1),
    occupancy_adjusted: ratio(100 * booked, available, 1),
    nights_booked: booked,
    nights_available: available,
    nights_blocked: blocked,
    nights_percent_open: ratio(100 * open, n.nights, 1),
    length_of_stay: ratio(s.stay_nights ?? 0, s.stays, 1),
    booking_window: ratio(s.window_days ?? 0, s.stays, 1),
  };
}

/** Metrics whose value derives from revenue (compared to a cent or two, see sqlMetrics). */
export const REVENUE_METRICS: ReadonlySet<KpiMetric> = new Set([
  "adr",
  "revenue",
  "revpar",
  "revpar_adjusted",
]);

/** Units per USD of each seeded currency. */
export function fxTable(sandbox: Sandbox): Map<string, number> {
  return new Map(
    rows<{ currency: string; per_usd: number }>(sandbox, `SELECT currency, per_usd FROM fx_rates`).map(
      (r) => [r.currency, r.per_usd],
    ),
  );
}
