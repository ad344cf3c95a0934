import { z } from "zod";
import { currencyCode, isoDate, timestamp } from "@/lib/svc/schemas/common";
import { checkDateRange, customPriceType } from "@/lib/svc/schemas/calendar";
import { MAX_BULK_LISTINGS } from "@/lib/svc/schemas/limits";
import { listingBatchError } from "@/lib/svc/schemas/preferences-batch";

/**
 * Custom rates (docs/interface-decisions.md §3): date periods that override the recommendation.
 * `price_type: "fixed"` sets the nightly price to `price_value` (listing currency);
 * `"percent"` moves the recommendation by `price_value` percent (-20 = 20% below).
 */

/** Most periods one write may carry. */
export const MAX_CUSTOM_RATES_PER_WRITE = 100;
/** Most listings one bulk call may name (its own module: the portfolio reads it without zod). */
export { MAX_BULK_LISTINGS };

type PeriodFields = {
  start_date: string;
  end_date: string;
  price_type: "fixed" | "percent";
  price_value: number;
  min_price?: number | null;
  max_price?: number | null;
};

function checkPeriod(period: PeriodFields, ctx: z.RefinementCtx): void {
  checkDateRange(period, ctx);
  if (period.price_type === "fixed" && !(period.price_value > 0)) {
    ctx.addIssue({ code: "custom", path: ["price_value"], message: "A fixed price must be above 0." });
  }
  if (period.price_type === "percent" && !(period.price_value > -100)) {
    ctx.addIssue({ code: "custom", path: ["price_value"], message: "A percentage must be above -100." });
  }
  const { min_price: min, max_price: max } = period;
  if (min != null && max != null && min > max) {
    ctx.addIssue({
      code: "custom",
      path: ["min_price"],
      message: "The minimum price is above the maximum price.",
    });
  }
}

const periodCore = {
  start_date: isoDate,
  /** Included in the period. */
  end_date: isoDate,
  price_type: customPriceType,
  price_value: z.number(),
};
const price = z.number().positive();
const minStay = z.number().int().min(1).max(365);
const reason = z.string().trim().max(200);

/** A period as written (PUT and bulk PUT). */
export const customRateInput = z
  .object({
    ...periodCore,
    min_price: price.optional(),
    max_price: price.optional(),
    min_stay: minStay.optional(),
    reason: reason.optional(),
    /** Overrides the request's `expires_at` for this period. */
    expires_at: timestamp.optional(),
  })
  .superRefine(checkPeriod);
export type CustomRateInput = z.infer<typeof customRateInput>;

/**
 * A period as read: active and upcoming only, expired excluded. Read periods carry no `id`
 * or `listing_id`; a period is identified by its dates. Unset optional fields are null or
 * absent.
 */
export const customRate = z
  .object({
    ...periodCore,
    /** Currency of `price_value` (fixed), `min_price` and `max_price`: the listing's. */
    currency: currencyCode,
    min_price: price.nullish(),
    max_price: price.nullish(),
    min_stay: minStay.nullish(),
    reason: z.string().nullish(),
    expires_at: timestamp.nullish(),
    id: z.never({ error: "custom rate periods carry no id" }).optional(),
    listing_id: z.never({ error: "custom rate periods carry no listing_id" }).optional(),
  })
  .superRefine(checkPeriod);
export type CustomRate = z.infer<typeof customRate>;

/** GET, PUT and DELETE /listings/{listing_id}/custom_rates all answer the periods in force. */
export const customRateList = z.array(customRate);

function checkNoOverlap(periods: readonly { start_date: string; end_date: string }[], ctx: z.RefinementCtx) {
  const sorted = periods
    .map((period, index) => ({ ...period, index }))
    .sort((a, b) => a.start_date.localeCompare(b.start_date));
  for (let i = 1; i < sorted.length; i++) {
    const previous = sorted[i - 1]!;
    const current = sorted[i]!;
    if (current.start_date <= previous.end_date) {
      ctx.addIssue({
        code: "custom",
        path: ["custom_rates", current.index, "start_date"],
        message: `This period overlaps the one starting ${previous.start_date} in the same request.`,
      });
    }
  }
}

const customRatesWrite = {
  custom_rates: z.array(customRateInput).min(1).max(MAX_CUSTOM_RATES_PER_WRITE),
  /** Applies to every period that gives no `expires_at` of its own. */
  expires_at: timestamp.optional(),
};

/**
 * PUT body. Periods of one request may not overlap one another; a period overlapping an
 * existing one splits it (the written dates take the new rate).
 */
export const putCustomRatesBody = z
  .object(customRatesWrite)
  .superRefine((body, ctx) => checkNoOverlap(body.custom_rates, ctx));
export type PutCustomRatesBody = z.infer<typeof putCustomRatesBody>;

/** DELETE body: removes the dates in the range (both ends included) from every period. */
export const deleteCustomRatesBody = z
  .object({ start_date: isoDate, end_date: isoDate })
  .superRefine((body, ctx) => checkDateRange(body, ctx));
export type DeleteCustomRatesBody = z.infer<typeof deleteCustomRatesBody>;

/** Listings of a bulk call, read per the request's `channel`; each named once. */
const bulkListingIds = z
  .array(z.string().min(1))
  .min(1)
  .max(MAX_BULK_LISTINGS)
  .superRefine((ids, ctx) => {
    const seen = new Set<string>();
    ids.forEach((id, index) => {
      if (seen.has(id))
        ctx.addIssue({ code: "custom", path: [index], message: `Listing ${id} is listed twice.` });
      seen.add(id);
    });
  });

/** bulk PUT: the same periods on the path listing and on every listing in `listing_ids`. */
export const putBulkCustomRatesBody = z
  .object({ listing_ids: bulkListingIds, ...customRatesWrite })
  .superRefine((body, ctx) => checkNoOverlap(body.custom_rates, ctx));
export type PutBulkCustomRatesBody = z.infer<typeof putBulkCustomRatesBody>;

/** bulk DELETE: the date range removed on the path listing and on every listing in `listing_ids`. */
export const deleteBulkCustomRatesBody = z
  .object({ listing_ids: bulkListingIds, start_date: isoDate, end_date: isoDate })
  .superRefine((body, ctx) => checkDateRange(body, ctx));
export type DeleteBulkCustomRatesBody = z.infer<typeof deleteBulkCustomRatesBody>;

/**
 * bulk response: one result per listing that took the change (its periods after it) and one
 * error per listing that did not; the others still apply.
 */
export const bulkCustomRatesResult = z.object({
  results: z.array(z.object({ listing_id: z.string(), custom_rates: customRateList })),
  errors: z.array(listingBatchError),
});
export type BulkCustomRatesResult = z.infer<typeof bulkCustomRatesResult>;
