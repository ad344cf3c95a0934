import { z } from "zod";
import { channelParam, timestamp, withPagination } from "@/lib/svc/schemas/common";

/**
 * GET /preferences/{listing_id}/changelog: every change recorded against a listing (prices
 * posted, failed posts, calendar syncs, custom rates added, split or removed, pricing engine
 * changes, reservations imported, preference changes).
 */
export const preferenceChangelogAction = z.enum([
  "price_posted",
  "price_post_failed",
  "calendar_synced",
  "custom_rate_added",
  "custom_rate_split",
  "custom_rate_removed",
  "pricing_engine_changed",
  "reservation_imported",
  "preferences_changed",
]);

export const preferenceChangelogQuery = withPagination({ channel: channelParam });

/** Newest first. `actor` is null for what the service did by itself. */
export const preferenceChangelogEntry = z.object({
  id: z.string(),
  at: timestamp,
  actor: z.object({ user_id: z.string(), email: z.string() }).nullable(),
  action: preferenceChangelogAction,
  details: z.record(z.string(), z.unknown()),
});
export type PreferenceChangelogEntry = z.infer<typeof preferenceChangelogEntry>;
