import { z } from "zod";
import { openSet, type OpenValue } from "@/lib/svc/schemas/reading";

/**
 * Building blocks shared by every resource schema. Query values arrive as strings on the
 * wire, so query schemas coerce; bodies and responses are JSON and use the plain types.
 */

/** `true`/`false`/`1`/`0` in a query string; anything else is a 400 naming the parameter. */
export const queryBoolean = z.preprocess((value) => {
  if (typeof value === "boolean") return value;
  if (value === "true" || value === "1") return true;
  if (value === "false" || value === "0") return false;
  return value;
}, z.boolean());

export const queryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** Several values either repeated or comma-separated (`kind=a,b` or `kind=a&kind=b`). */
export const queryList = z.preprocess(
  (value) => {
    const values = typeof value === "string" ? [value] : value;
    if (!Array.isArray(values)) return values;
    return values
      .flatMap((v) => String(v).split(","))
      .map((v) => v.trim())
      .filter(Boolean);
  },
  z.array(z.string().min(1)),
);

/** A day that exists: `2026-02-30` matches the pattern but names no day. */
const isCalendarDay = (text: string) => {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "expected a date as YYYY-MM-DD")
  .refine(isCalendarDay, "not a day on the calendar");
export const isoMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "expected a month as YYYY-MM");
export const isoQuarter = z.string().regex(/^\d{4}-Q[1-4]$/, "expected a quarter as YYYY-Qn");
export const timestamp = z.string().datetime({ offset: true });
export const currencyCode = z.string().regex(/^[A-Z]{3}$/, "expected an ISO 4217 currency code");

export const channels = ["airbnb", "vrbo", "booking_com"] as const;
/** The listing's channel as the service names it: the interface does not list them all. */
export const channelName = openSet(channels);
/** `channel` on listing-scoped calls: a channel name, or `svc` for the service's own ids. */
/** A channel we send (a segment's filter, say): only the ones we know. */
export const knownChannelName = z.enum(channels);
export const channelParam = z.enum([...channels, "svc"]);
export type Channel = OpenValue<(typeof channels)[number]>;
export type KnownChannel = (typeof channels)[number];
export type ChannelParam = z.infer<typeof channelParam>;

/** docs/interface-decisions.md §1: `page` or `offset`, never both; `per_page` 1..100, default 50. */
export const paginationQuery = z.object({
  page: queryInt(1, 1_000_000).optional(),
  offset: queryInt(0, 100_000_000).optional(),
  per_page: queryInt(1, 100).optional(),
});
export const PER_PAGE_DEFAULT = 50;
export const PER_PAGE_MAX = 100;

/** Rejects `page` together with `offset`, naming both. Apply after merging a query schema. */
export function withPagination<T extends z.ZodRawShape>(shape: T) {
  return paginationQuery.extend(shape).superRefine((query: { page?: number; offset?: number }, ctx) => {
    if (query.page !== undefined && query.offset !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["offset"],
        message: "Use either page or offset, not both.",
      });
    }
  });
}

/** Query of a listing-scoped path: `channel` says how `{listing_id}` is read. */
export const listingScopedQuery = z.object({ channel: channelParam });

/** A listing id in a body (channel ids and svc ids are far shorter); longer is refused. */
export const bodyListingId = z.string().min(1).max(100);

export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const userRef = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
});
export type UserRef = z.infer<typeof userRef>;

/** A response with no meaningful body (204, or `{}`). */
export const emptyBody = z.union([z.object({}).passthrough(), z.null(), z.undefined()]);
