import { isoTimestamp } from "../clock";
import type { RouteTable, SandboxContext } from "../context";
import { resolveListing } from "../domain/access";
import { ApiError } from "../domain/api-error";
import { nightsAPostingChanges, recordCalendarSynced, recordRatesPosted } from "../domain/records/postings";
import { emitRatesPosted, postRates } from "../domain/simulate/pricing";

/** docs/interface.md §Limits: a sync within 60 s of the listing's previous one is refused. */
export const SYNC_DEBOUNCE_SECONDS = 60;
/** docs/interface-decisions.md §3: the reference service's daily cap per listing. */
export const SYNC_DAILY_LIMIT = 20;

const DAY_MS = 86_400_000;

/**
 * Accepted syncs, by svc id and service-clock time. Created on use: /_sandbox/reset drops
 * every table and re-applies the schema, which does not hold this one.
 */
const SYNC_TABLE_SQL = `
CREATE TABLE IF NOT EXISTS listing_syncs (
  listing_svc_id TEXT NOT NULL,
  at_ms INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS listing_syncs_listing ON listing_syncs(listing_svc_id, at_ms);`;

function refuse(code: "sync_debounced" | "sync_daily_limit", message: string, retryAfter: number): never {
  throw new ApiError(429, code, message, { retry_after: retryAfter }, { "Retry-After": String(retryAfter) });
}

/**
 * The daily cap counts syncs since the service clock's UTC midnight; the debounce measures
 * from the listing's last sync. Where both apply the cap answers, with the later of the two
 * waits, so one retry at Retry-After is not refused again by the debounce.
 */
function checkLimits(ctx: SandboxContext, svcId: string, nowMs: number): void {
  const dayStart = Math.floor(nowMs / DAY_MS) * DAY_MS;
  const { count, last } = ctx.db
    .prepare(
      `SELECT (SELECT COUNT(*) FROM listing_syncs WHERE listing_svc_id = @id AND at_ms >= @dayStart) AS count,
              (SELECT MAX(at_ms) FROM listing_syncs WHERE listing_svc_id = @id) AS last`,
    )
    .get({ id: svcId, dayStart }) as { count: number; last: number | null };
  const debounceLeft =
    last === null ? 0 : Math.max(0, Math.ceil((last + SYNC_DEBOUNCE_SECONDS * 1000 - nowMs) / 1000));
  if (count >= SYNC_DAILY_LIMIT) {
    const untilMidnight = Math.ceil((dayStart + DAY_MS - nowMs) / 1000);
    refuse(
      "sync_daily_limit",
      `This listing has been synced ${count} times today (UTC), the daily limit of ${SYNC_DAILY_LIMIT}; ` +
        `sync again after midnight UTC.`,
      Math.max(untilMidnight, debounceLeft, 1),
    );
  }
  if (debounceLeft > 0) {
    refuse(
      "sync_debounced",
      `This listing was synced less than ${SYNC_DEBOUNCE_SECONDS} seconds ago; retry in ${debounceLeft} s.`,
      debounceLeft,
    );
  }
}

/**
 * POST /listings/{listing_id}/sync: posts the latest recommendations to the channel (every
 * open night from today takes its recommendation as price) and refreshes reservations.
 * Posting names the listing in recommendations.updated; the refresh re-reads reservations
 * that are unchanged in the reference world, which by rule fires nothing.
 */
export const listingSyncRoutes: RouteTable = {
  "listings.sync": ({ ctx, caller, params, query }) => {
    const { listing, access } = resolveListing(ctx, caller.user.id, params.listing_id!, query.channel);
    if (access === "viewer") {
      throw new ApiError(
        403,
        "forbidden",
        "Viewers cannot sync a listing: a sync posts rates to the channel.",
      );
    }
    if (listing.pricing_tier === "Free") {
      throw new ApiError(
        403,
        "plan_required",
        "Syncing is available on paid plans only; this listing is on the Free pricing tier.",
      );
    }
    ctx.db.exec(SYNC_TABLE_SQL);
    const nowMs = ctx.clock.nowMs();
    ctx.db.transaction(() => {
      checkLimits(ctx, listing.svc_id, nowMs);
      ctx.db
        .prepare(`INSERT INTO listing_syncs (listing_svc_id, at_ms) VALUES (?, ?)`)
        .run(listing.svc_id, nowMs);
      const nightsChanged = nightsAPostingChanges(ctx, listing.svc_id);
      const nightsPosted = postRates(ctx, listing.svc_id, "sync");
      recordRatesPosted(ctx, listing.svc_id, {
        trigger: "sync",
        actorUserId: caller.user.id,
        nightsPosted,
        nightsChanged,
      });
      recordCalendarSynced(ctx, listing.svc_id, caller.user.id);
    })();
    emitRatesPosted(ctx, listing);
    return { status: 202, body: { queued_at: isoTimestamp(new Date(nowMs)) } };
  },
};
