/**
 * Records a posting run in `calendar_postings`, for whatever posts a listing's rates to
 * its channel (automatic posting, POST /listings/{id}/sync, a post from the app). Like the
 * seeded history, a run records only the open nights from today whose price or minimum
 * stay differs from that night's last successful posting.
 */
import type { SandboxContext } from "../../context";
import { nowIso } from "./range";

export type PostingTrigger = "automatic" | "sync" | "app";

/** Answers how many stay dates were recorded. Call inside the posting's transaction. */
export function recordPostings(ctx: SandboxContext, svcId: string, trigger: PostingTrigger): number {
  return ctx.db
    .prepare(
      `INSERT OR REPLACE INTO calendar_postings
         (listing_svc_id, stay_date, posted_at, price, recommended_price, min_stay, outcome, trigger, error)
       SELECT n.listing_svc_id, n.date, @now, n.price, n.recommended_price,
              CASE WHEN json_extract(l.supported_settings, '$.min_stay') THEN n.min_stay END,
              'posted', @trigger, NULL
       FROM calendar_nights n JOIN listings l ON l.svc_id = n.listing_svc_id
       WHERE n.listing_svc_id = @id AND n.date >= @today AND n.available = 1
         AND NOT EXISTS (
           SELECT 1 FROM calendar_postings p
           WHERE p.listing_svc_id = n.listing_svc_id AND p.stay_date = n.date
             AND p.posted_at = (SELECT MAX(q.posted_at) FROM calendar_postings q
                                WHERE q.listing_svc_id = n.listing_svc_id AND q.stay_date = n.date
                                  AND q.outcome = 'posted')
             AND p.price = n.price
             AND p.min_stay IS (CASE WHEN json_extract(l.supported_settings, '$.min_stay') THEN n.min_stay END))`,
    )
    .run({ id: svcId, now: nowIso(ctx), today: ctx.clock.today(), trigger }).changes;
}
