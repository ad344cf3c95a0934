import { z } from "zod";
import {
  channelName,
  channelParam,
  currencyCode,
  isoDate,
  timestamp,
  withPagination,
} from "@/lib/svc/schemas/common";
import { openSet, ourRule } from "@/lib/svc/schemas/reading";
import { checkDateRange, nightsInRange } from "@/lib/svc/schemas/calendar";

/** docs/interface-decisions.md §3 (anchor): the statuses a reservation takes. */
export const reservationStatus = openSet(["Accepted", "Canceled"]);
export type ReservationStatus = z.infer<typeof reservationStatus>;

const money = z.number().nullable();

/**
 * A reservation of one listing. `canceled_at` (single l) is set whenever status is Canceled
 * and null while the reservation stands. Optional fields are nullable, never absent.
 */
export const reservation = z
  .object({
    /** The channel's reservation id, always a string. */
    reservation_id: z.string().min(1),
    listing_id: z.string(),
    /** The channel the reservation was made on (the listing's channel). */
    channel: channelName,
    status: reservationStatus,
    check_in: isoDate,
    check_out: isoDate,
    nights: z.number().int().min(1),
    guests: z.number().int().min(1).nullable(),
    booked_at: timestamp,
    canceled_at: timestamp.nullable(),
    currency: currencyCode,
    nightly_subtotal: money,
    fees: money,
    taxes: money,
    payout: money,
    total_price: money,
    comments: z.string().nullable(),
    source_name: z.string().nullable(),
  })
  .superRefine(
    ourRule((r, ctx) => {
      if (r.status === "Canceled" && r.canceled_at === null) {
        ctx.addIssue({
          code: "custom",
          path: ["canceled_at"],
          message: "a canceled reservation has canceled_at",
        });
      }
      if (r.status !== "Canceled" && r.canceled_at !== null) {
        ctx.addIssue({
          code: "custom",
          path: ["canceled_at"],
          message: "canceled_at is null while the reservation stands",
        });
      }
      if (r.check_out <= r.check_in) {
        ctx.addIssue({ code: "custom", path: ["check_out"], message: "check_out is after check_in" });
      } else if (r.nights !== nightsInRange(r.check_in, r.check_out) - 1) {
        ctx.addIssue({
          code: "custom",
          path: ["nights"],
          message: "nights is the number of nights from check_in to check_out",
        });
      }
    }),
  );
export type Reservation = z.infer<typeof reservation>;

/**
 * Which date `start_date`/`end_date` filter on: `stay` keeps reservations whose stay overlaps
 * the range; `booked`, `check_in`, `check_out` keep those whose date of that kind falls in it.
 */
export const dateFilterType = z.enum(["stay", "booked", "check_in", "check_out"]);
export type DateFilterType = z.infer<typeof dateFilterType>;
export const DATE_FILTER_TYPE_DEFAULT: DateFilterType = "stay";

export const reservationsQuery = withPagination({
  channel: channelParam,
  /** Default `stay`. */
  date_filter_type: dateFilterType.optional(),
  start_date: isoDate.optional(),
  end_date: isoDate.optional(),
}).superRefine((query, ctx) => checkDateRange(query, ctx));
export type ReservationsQuery = z.infer<typeof reservationsQuery>;
