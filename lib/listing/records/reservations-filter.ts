import {
  DATE_FILTER_TYPE_DEFAULT,
  dateFilterType,
  type DateFilterType,
  type Reservation,
  type ReservationsQuery,
  type reservationStatus,
} from "@/lib/svc/schemas/reservations";
import { addDays, parseDay } from "@/lib/format/dates";
import { pageCountFor } from "@/lib/queries/pages";

/**
 * The reservations tab's filter: which date the range applies to and the range itself, as
 * the URL holds it (`res_by`, `res_from`, `res_to`, `res_page`) and as GET
 * /listings/{id}/reservations takes it. Pure, so defaults and refusals are unit-tested.
 */

export const RESERVATIONS_PER_PAGE = 25;
/** Default window: the last month and the next three, where a manager's questions are. */
export const DEFAULT_DAYS_BACK = 30;
export const DEFAULT_DAYS_AHEAD = 90;

export const dateFilterLabels: Record<DateFilterType, { label: string; meaning: string }> = {
  stay: { label: "Stay dates", meaning: "Stays that overlap the range" },
  booked: { label: "Booking date", meaning: "Reservations booked in the range" },
  check_in: { label: "Check-in", meaning: "Reservations checking in during the range" },
  check_out: { label: "Check-out", meaning: "Reservations checking out during the range" },
};

export const DATE_FILTER_TYPES = dateFilterType.options;

/** Keyed by the statuses we know: another one is shown in words (`labelOf`). */
export const reservationStatusLabels: Record<(typeof reservationStatus.options)[number], string> = {
  Accepted: "Accepted",
  Canceled: "Canceled",
};

/** What the URL holds (nuqs parsers give null for an absent value). */
export interface ReservationFilterParams {
  by: string | null;
  from: string | null;
  to: string | null;
  page: number;
}

export interface ReservationFilter {
  by: DateFilterType;
  from: string;
  to: string;
  page: number;
}

export type FilterResult =
  { ok: true; filter: ReservationFilter } | { ok: false; problem: string; filter: ReservationFilter };

export function defaultReservationRange(today: string): { from: string; to: string } {
  return { from: addDays(today, -DEFAULT_DAYS_BACK), to: addDays(today, DEFAULT_DAYS_AHEAD) };
}

/**
 * The filter the URL asks for. Missing or unreadable values take the defaults (an edited
 * address never leaves the tab blank); an end before the start is refused in words, without
 * a request the service would answer 400.
 */
export function filterFromParams(params: ReservationFilterParams, today: string): FilterResult {
  const defaults = defaultReservationRange(today);
  const parsedBy = dateFilterType.safeParse(params.by);
  const by = parsedBy.success ? parsedBy.data : DATE_FILTER_TYPE_DEFAULT;
  const from = params.from !== null && parseDay(params.from) !== null ? params.from : defaults.from;
  const to = params.to !== null && parseDay(params.to) !== null ? params.to : defaults.to;
  const page = Number.isInteger(params.page) && params.page >= 1 ? params.page : 1;
  const filter = { by, from, to, page };
  if (to < from) {
    return {
      ok: false,
      filter,
      problem: "The end date is before the start date. Pick an end on or after the start.",
    };
  }
  return { ok: true, filter };
}

/** The request for one page of the filter. */
export function reservationsRequest(
  filter: ReservationFilter,
  perPage = RESERVATIONS_PER_PAGE,
): ReservationsQuery {
  return {
    channel: "svc",
    date_filter_type: filter.by,
    start_date: filter.from,
    end_date: filter.to,
    page: filter.page,
    per_page: perPage,
  };
}

/**
 * How many pages there are. `X-Total-Count` is optional (docs/interface-decisions.md §1): without
 * it, a full page means there may be another, a short page is the last. Pages are the service's
 * size, which may be less than `perPage` (pageCountFor); `known` is what page 1 proved.
 */
export function pageCountOf(
  total: number | null,
  page: number,
  rowsOnPage: number,
  perPage = RESERVATIONS_PER_PAGE,
  known: number | null = null,
): number {
  return pageCountFor({ page, asked: perPage, received: rowsOnPage, total }, known);
}

/** Which figure the table calls revenue: what the guest paid, else the host's payout, else unknown. */
export function revenueOf(reservation: Reservation): number | null {
  return reservation.total_price ?? reservation.payout ?? null;
}

/**
 * One page in numbers for its caption: standing (accepted) and canceled reservations, the
 * standing nights, and `other`, when there are any, under a status we do not know: neither
 * counted as standing nor as canceled.
 */
export function standingSummary(reservations: Reservation[]): {
  standing: number;
  canceled: number;
  nights: number;
  other?: number;
} {
  let standing = 0;
  let canceled = 0;
  let nights = 0;
  let other = 0;
  for (const r of reservations) {
    if (r.status === "Canceled") canceled += 1;
    else if (r.status === "Accepted") {
      standing += 1;
      nights += r.nights;
    } else other += 1;
  }
  return other > 0 ? { standing, canceled, nights, other } : { standing, canceled, nights };
}
