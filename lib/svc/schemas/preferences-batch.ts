import { z } from "zod";
import { bodyListingId, channelParam, errorBody, queryList } from "@/lib/svc/schemas/common";
import { listingPreferences, preferenceSettings, preferenceWarning } from "@/lib/svc/schemas/preferences";

/**
 * Preferences across the portfolio: GET /preferences and batch PUT /preferences. A batch
 * answers listing by listing, so one refused listing never holds back the others.
 */

export const MAX_BATCH_LISTINGS = 100;

/**
 * GET /preferences. `channel` says how `listing_ids` are read and how `listing_id` is
 * written back; it is needed only with `listing_ids` (the whole portfolio otherwise).
 */
export const listPreferencesQuery = z
  .object({ channel: channelParam.optional(), listing_ids: queryList.optional() })
  .superRefine((query, ctx) => {
    if (query.listing_ids !== undefined && query.channel === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["channel"],
        message: "Give the channel that says how the listing ids are read.",
        params: { code: "channel_required" },
      });
    }
  });

/** Batch PUT /preferences: each entry's `channel`, else the query's, reads its listing_id. */
export const batchPreferencesQuery = z.object({ channel: channelParam.optional() });

export const batchPreferencesBody = z
  .object({
    preferences: z
      .array(
        z.object({
          listing_id: bodyListingId,
          channel: channelParam.optional(),
          settings: preferenceSettings,
        }),
      )
      .min(1)
      .max(MAX_BATCH_LISTINGS),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.preferences.forEach((entry, index) => {
      const key = `${entry.channel ?? ""}\u0000${entry.listing_id}`;
      if (seen.has(key)) {
        ctx.addIssue({
          code: "custom",
          path: ["preferences", index, "listing_id"],
          message: "This listing is given twice.",
        });
      }
      seen.add(key);
    });
  });
export type BatchPreferencesBody = z.infer<typeof batchPreferencesBody>;

/** A listing of a batch that was not changed; `listing_id` is echoed as the request gave it. */
export const listingBatchError = z.object({
  listing_id: z.string(),
  status: z.number().int().min(400).max(599),
  error: errorBody.shape.error,
});
export type ListingBatchError = z.infer<typeof listingBatchError>;

export const batchPreferencesResult = z.object({
  results: z.array(
    z.object({
      listing_id: z.string(),
      preferences: listingPreferences,
      warnings: z.array(preferenceWarning),
    }),
  ),
  errors: z.array(listingBatchError),
  /** Every warning of every result, each naming its listing. */
  warnings: z.array(preferenceWarning.extend({ listing_id: z.string() })),
});
export type BatchPreferencesResult = z.infer<typeof batchPreferencesResult>;
