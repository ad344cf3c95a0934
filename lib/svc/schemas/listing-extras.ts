import { z } from "zod";
import { channelParam, currencyCode, isoDate, timestamp } from "@/lib/svc/schemas/common";
import { listingDateRangeQuery } from "@/lib/svc/schemas/calendar";
import { weekday } from "@/lib/svc/schemas/preferences";
import { openSet, ourRule } from "@/lib/svc/schemas/reading";
import { PRICING_TIERS, type PricingTierName } from "@/lib/svc/schemas/vocabulary";

/**
 * Smaller per-listing resources: pricing tier, recent changes, base price, check-in/out,
 * min/max prices, seasonality, tags, flags, notes and sync.
 */

// ---------------------------------------------------------------- pricing_tier

export { PRICING_TIERS, type PricingTierName };
export const pricingTierName = openSet(PRICING_TIERS);

export const pricingTier = z.object({ listing_id: z.string(), name: pricingTierName });
export type PricingTier = z.infer<typeof pricingTier>;

// ---------------------------------------------------------------- recent_changes

/** `since` defaults to 7 days before now. */
export const recentChangesQuery = z.object({ channel: channelParam, since: timestamp.optional() });

/** Stay dates whose price changed, newest change first. */
export const recentChanges = z.object({
  listing_id: z.string(),
  currency: currencyCode,
  changes: z.array(
    z.object({
      /** The stay date. */
      date: isoDate,
      changed_at: timestamp,
      previous_price: z.number().nonnegative().nullable(),
      new_price: z.number().nonnegative(),
      cause: z.enum(["pricing_run", "custom_rate", "preferences"]),
    }),
  ),
});
export type RecentChanges = z.infer<typeof recentChanges>;

// ---------------------------------------------------------------- base price

/**
 * The recommended base price explained: `starting_price` (the market baseline for the
 * listing's size) plus every factor's `amount` gives `recommended_base_price`.
 */
export const basePriceRecommendation = z
  .object({
    listing_id: z.string(),
    currency: currencyCode,
    recommended_base_price: z.number().positive(),
    /** The base price in use: the preference if set, else the recommendation. */
    effective_base_price: z.number().positive(),
    updated_at: timestamp,
    attribution: z.object({
      starting_price: z.number(),
      factors: z.array(z.object({ factor: z.string().min(1), label: z.string(), amount: z.number() })),
    }),
  })
  .superRefine(
    ourRule((rec, ctx) => {
      const { starting_price, factors } = rec.attribution;
      const total = factors.reduce((sum, f) => sum + f.amount, starting_price);
      // Amounts are rounded to cents, so allow a cent of drift per term.
      if (Math.abs(total - rec.recommended_base_price) > 0.01 * (factors.length + 1)) {
        ctx.addIssue({
          code: "custom",
          path: ["attribution"],
          message: "starting_price plus the factor amounts is the recommended_base_price",
        });
      }
    }),
  );
export type BasePriceRecommendation = z.infer<typeof basePriceRecommendation>;

/** Default: the last 30 days up to today. */
export const basePriceHistoryQuery = listingDateRangeQuery({});

export const basePriceHistory = z.object({
  listing_id: z.string(),
  currency: currencyCode,
  start_date: isoDate,
  end_date: isoDate,
  days: z.array(
    z.object({
      date: isoDate,
      recommended_base_price: z.number().positive().nullable(),
      effective_base_price: z.number().positive().nullable(),
    }),
  ),
});
export type BasePriceHistory = z.infer<typeof basePriceHistory>;

// ---------------------------------------------------------------- check-in/out, min/max, seasonality

/** The rule in force; all seven days when unrestricted. */
export const checkinCheckout = z.object({
  listing_id: z.string(),
  checkin_days: z.array(weekday),
  checkout_days: z.array(weekday),
});
export type CheckinCheckout = z.infer<typeof checkinCheckout>;

/** Configured bounds (null when not set) next to the service's suggested ones. */
export const minMaxPrices = z
  .object({
    listing_id: z.string(),
    currency: currencyCode,
    min_price: z.number().positive().nullable(),
    max_price: z.number().positive().nullable(),
    recommended_min_price: z.number().positive().nullable(),
    recommended_max_price: z.number().positive().nullable(),
  })
  .superRefine(
    ourRule((prices, ctx) => {
      const pairs = [
        ["min_price", "max_price"],
        ["recommended_min_price", "recommended_max_price"],
      ] as const;
      for (const [lo, hi] of pairs) {
        const min = prices[lo];
        const max = prices[hi];
        if (min !== null && max !== null && min > max) {
          ctx.addIssue({ code: "custom", path: [lo], message: `${lo} is above ${hi}` });
        }
      }
    }),
  );
export type MinMaxPrices = z.infer<typeof minMaxPrices>;

/** Each calendar month once, January first; factor 1 is the listing's yearly average. */
export const monthlySeasonality = z.object({
  listing_id: z.string(),
  months: z
    .array(z.object({ month_of_year: z.number().int().min(1).max(12), factor: z.number().positive() }))
    .length(12)
    .superRefine(
      ourRule((months, ctx) => {
        months.forEach((m, index) => {
          if (m.month_of_year !== index + 1) {
            ctx.addIssue({
              code: "custom",
              path: [index, "month_of_year"],
              message: `expected month ${index + 1}`,
            });
          }
        });
      }),
    ),
});
export type MonthlySeasonality = z.infer<typeof monthlySeasonality>;

// ---------------------------------------------------------------- tags

const tagName = z.string().trim().min(1).max(50);
export const MAX_TAGS = 50;

export const listingTags = z.object({ listing_id: z.string(), tags: z.array(z.string()) });
export type ListingTags = z.infer<typeof listingTags>;

/** Replaces the listing's tags; each tag once (case-insensitive). */
export const putTagsBody = z.object({
  tags: z
    .array(tagName)
    .max(MAX_TAGS)
    .superRefine((tags, ctx) => {
      const seen = new Set<string>();
      tags.forEach((tag, index) => {
        const key = tag.toLowerCase();
        if (seen.has(key))
          ctx.addIssue({ code: "custom", path: [index], message: `The tag ${tag} is listed twice.` });
        seen.add(key);
      });
    }),
});
export type PutTagsBody = z.infer<typeof putTagsBody>;

// ---------------------------------------------------------------- flags

export const flagSeverity = z.enum(["info", "warning", "critical"]);
export const listingFlag = z.object({
  code: z.string().regex(/^[a-z][a-z0-9_]*$/, "a flag code is snake_case"),
  severity: flagSeverity,
  message: z.string(),
  detected_at: timestamp,
});
export type ListingFlag = z.infer<typeof listingFlag>;

// ---------------------------------------------------------------- notes

export const MAX_NOTE_LENGTH = 5000;

export const note = z.object({
  id: z.string(),
  listing_id: z.string(),
  body: z.string(),
  author_user_id: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Note = z.infer<typeof note>;

/** POST and PUT body. */
export const noteBody = z.object({
  body: z.string().trim().min(1, "Write the note before saving it.").max(MAX_NOTE_LENGTH),
});
export type NoteBody = z.infer<typeof noteBody>;

// ---------------------------------------------------------------- sync

/** 202: the push to the channel and the reservation refresh are queued. */
export const syncQueued = z.object({ queued_at: timestamp });
export type SyncQueued = z.infer<typeof syncQueued>;
