import { addMonths } from "@/lib/format/dates";
import {
  bookingCurveOf,
  histogram,
  knownFrom,
  LEAD_BUCKETS,
  reservationsIn,
  STAY_BUCKETS,
  type BookingWindow,
  type HistogramRow,
} from "@/lib/pace/curves";
import { stlyInstant, stlyPeriod, type StayPeriod } from "@/lib/pace/definitions";
import { WHOLE_PORTFOLIO, type PaceScope } from "@/lib/pace/scope";
import { periodOf } from "@/lib/pace/table";
import type { MirrorStore } from "@/lib/server/mirror/mirror-store";
import { resolveScope } from "@/lib/server/mirror/pace-scope";

/**
 * The booking panel's figures from the account's mirror (GET /api/mirror/pace/curves,
 * curves-route.ts): no service request. The curve covers the scope's listings whose
 * reservations the mirror holds, as of the oldest of those reads, like the pace table.
 */
const DAY_MS = 86_400_000;

type Years<T> = { this_year: T; last_year: T };
type Instants = { from: string; to: string };

export interface CurvesReport {
  enabled: boolean;
  /** The service's time the figures are taken at. */
  now: string | null;
  /** The oldest reservations read behind the figures. */
  as_of: string | null;
  listings_covered: number;
  listings_total: number;
  /** The stay month, `2026-12`, and its nights each year ([from, to), last year 364 days back). */
  period: string | null;
  stay: Years<StayPeriod> | null;
  /** Share of each year's final nights (this year: on the books now) on the books d days before each night, d = 0…365. */
  curve: Years<number[]>;
  /** The fewest days before the stay from which a year's curve has fully happened at `now`. */
  known_from: Years<number>;
  final_nights: Years<number>;
  booked_days: BookingWindow;
  /** The booking windows read: the last `booked_days` days, and the same days 364 days earlier. */
  booked: Years<Instants> | null;
  /** Reservations booked in each window (cancelled since or not). */
  reservations: Years<number>;
  lead_time: HistogramRow[];
  length_of_stay: HistogramRow[];
}

const none = <T>(value: T): Years<T> => ({ this_year: value, last_year: value });

export const NO_CURVES: CurvesReport = {
  enabled: false,
  now: null,
  as_of: null,
  listings_covered: 0,
  listings_total: 0,
  period: null,
  stay: null,
  curve: none([]),
  known_from: none(0),
  final_nights: none(0),
  booked_days: 90,
  booked: null,
  reservations: none(0),
  lead_time: [],
  length_of_stay: [],
};

/** The stay month asked, or the next one by the service's clock. */
export const stayMonthOf = (period: string | undefined, now: string) =>
  period ?? addMonths(now.slice(0, 7), 1);

export async function curvesReport(
  store: MirrorStore,
  accountId: string,
  {
    period,
    bookedDays,
    now,
    scope = WHOLE_PORTFOLIO,
  }: { period?: string | undefined; bookedDays: BookingWindow; now: string; scope?: PaceScope },
): Promise<CurvesReport> {
  if (!(await store.syncRecord(accountId))) return { ...NO_CURVES, booked_days: bookedDays };
  const month = stayMonthOf(period, now);
  const stay = periodOf("month", month)!;
  const thisYear = { from: stay.from, to: stay.to };
  const lastYear = stlyPeriod(thisYear);
  const window = { from: new Date(Date.parse(now) - bookedDays * DAY_MS).toISOString(), to: now };
  const windowLastYear = { from: stlyInstant(window.from), to: stlyInstant(window.to) };
  const { listings } = await resolveScope(store, accountId, scope);
  const only = { listings };
  const [[leadsNow, leadsBefore], [bookedNow, bookedBefore], coverage] = await Promise.all([
    store.stayLeads(accountId, [thisYear, lastYear], only),
    store.bookingWindows(accountId, [window, windowLastYear], only),
    store.coverage(accountId, only),
  ]);
  const curveNow = bookingCurveOf(leadsNow!);
  const curveBefore = bookingCurveOf(leadsBefore!);
  const covered = coverage.filter((c) => c.listings > 0);
  return {
    enabled: true,
    now,
    as_of: covered.flatMap((c) => (c.oldestRead ? [c.oldestRead] : [])).sort()[0] ?? null,
    listings_covered: covered.reduce((sum, c) => sum + c.listings, 0),
    listings_total: coverage.reduce((sum, c) => sum + c.total, 0),
    period: month,
    stay: { this_year: thisYear, last_year: lastYear },
    curve: { this_year: curveNow.curve, last_year: curveBefore.curve },
    known_from: { this_year: knownFrom(thisYear, now), last_year: knownFrom(lastYear, now) },
    final_nights: { this_year: curveNow.finalNights, last_year: curveBefore.finalNights },
    booked_days: bookedDays,
    booked: { this_year: window, last_year: windowLastYear },
    reservations: { this_year: reservationsIn(bookedNow!), last_year: reservationsIn(bookedBefore!) },
    lead_time: histogram(LEAD_BUCKETS, (c) => c.leadDays, bookedNow!, bookedBefore!),
    length_of_stay: histogram(STAY_BUCKETS, (c) => c.nights, bookedNow!, bookedBefore!),
  };
}
