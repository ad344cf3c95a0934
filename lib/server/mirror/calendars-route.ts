import "server-only";
import { z } from "zod";
import { errorResponse } from "@/lib/server/http";
import { handle, json } from "@/lib/server/mirror/sync-route";

/**
 * GET /api/mirror/nights?listing_ids=a,b&start_date=…&end_date=…: the listings' price
 * calendars over the range from the account's mirror, for the portfolio calendar's rows; a
 * listing the mirror does not hold whole over the range is left out (the page reads it live).
 * No service request.
 */
const MAX_LISTINGS = 100;
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Give dates as YYYY-MM-DD.");
const query = z
  .object({
    listing_ids: z
      .string()
      .transform((text) => text.split(",").filter(Boolean))
      .pipe(
        z
          .array(z.string().min(1).max(100))
          .min(1)
          .max(MAX_LISTINGS, `At most ${MAX_LISTINGS} listings at a time.`),
      ),
    start_date: isoDate,
    end_date: isoDate,
  })
  .refine((q) => q.start_date <= q.end_date, { message: "The start date comes after the end date." })
  .refine((q) => Date.parse(q.end_date) - Date.parse(q.start_date) <= 366 * 86_400_000, {
    message: "At most a year of nights at a time.",
  });

export interface MirroredCalendarAnswer {
  listing_id: string;
  read_at: string;
  /** In the price calendar's own shape, nights as the service sent them. */
  calendar: {
    listing_id: string;
    currency: string | null;
    start_date: string;
    end_date: string;
    nights: unknown[];
  };
}

export const NO_CALENDARS = { calendars: [] as MirroredCalendarAnswer[] };

export const getCalendars = (request: Request) =>
  handle(
    request,
    async ({ runtime, account }) => {
      const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!parsed.success) return errorResponse(400, "invalid_query", parsed.error.issues[0]!.message);
      const { listing_ids, start_date, end_date } = parsed.data;
      const found = await runtime.store.calendars(account.accountId, listing_ids, {
        from: start_date,
        to: end_date,
      });
      const calendars: MirroredCalendarAnswer[] = found.map((c) => ({
        listing_id: c.listingId,
        read_at: c.readAt,
        calendar: { listing_id: c.listingId, currency: c.currency, start_date, end_date, nights: c.nights },
      }));
      return json({ calendars });
    },
    NO_CALENDARS,
  );
