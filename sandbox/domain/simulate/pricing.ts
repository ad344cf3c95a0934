import { recordPostings, type PostingTrigger } from "../calendars/postings";
import type { SandboxContext } from "../../context";
import { ApiError } from "../api-error";
import { recordsClock } from "../records/dates";
import { nightsAPostingChanges, recordRatesPosted } from "../records/postings";
import { recordPriceChanges, snapshotServicePrices } from "../records/price-changes";
import { emit, requireListing, type SimListing, type SimulateResult } from "./common";
import type { ListingRow } from "../access";
import { adjustedBase, repriced, waitingRepricing } from "../preferences/repricing";
import { readSettings } from "../preferences/store";

/** Each run's step, in turn: a cycle with no zero, so every run changes prices. */
const RUN_DRIFTS = [0.02, -0.01, 0.01, -0.02] as const;

/**
 * A market's nightly pricing run: every open future night's recommendation of the market's
 * active listings moves by a small deterministic step (and, for a listing whose base, minimum or
 * maximum price changed since the last run, is priced under its stored settings: repricing.ts), and recommendations.updated names
 * every active listing of the market, changed or not, with the market's id (docs/interface.md,
 * Events; Delivery rule 1). Inactive listings are neither repriced nor named.
 */
export function pricingRun(ctx: SandboxContext, marketId: string): SimulateResult {
  if (!ctx.db.prepare(`SELECT 1 FROM markets WHERE id = ?`).get(marketId)) {
    throw new ApiError(404, "market_not_found", `No market ${marketId}.`);
  }
  const listingIds = (
    ctx.db
      .prepare(`SELECT svc_id FROM listings WHERE market_id = ? AND is_active = 1 ORDER BY svc_id`)
      .all(marketId) as Array<{ svc_id: string }>
  ).map((l) => l.svc_id);
  const today = ctx.clock.today();
  const stored = ctx.db.prepare(`SELECT value FROM meta WHERE key = ?`).get(`runs:${marketId}`) as
    { value: string } | undefined;
  const runs = Number(stored?.value ?? 0) + 1;
  // A small, deterministic drift per run so each run, the first included, visibly changes nights.
  const drift = 1 + RUN_DRIFTS[(runs - 1) % RUN_DRIFTS.length]!;
  const update = ctx.db.prepare(
    `UPDATE calendar_nights SET recommended_price = ROUND(recommended_price * ?, 2)
     WHERE listing_svc_id = ? AND date >= ? AND available = 1`,
  );
  // A listing whose priced settings changed since the last run: each night re-priced under the
  // stored ones (scaled by the new adjusted base over the old, rounded like the engine, then
  // held within the minimum and maximum price), as its preview said it would be.
  const reprice = ctx.db.prepare(
    `UPDATE calendar_nights SET recommended_price = MIN(@max, MAX(@min, ROUND(recommended_price * @scale)))
     WHERE listing_svc_id = @id AND date >= @today AND available = 1`,
  );
  const listingOf = ctx.db.prepare(`SELECT * FROM listings WHERE svc_id = ?`);
  const clock = recordsClock(ctx);
  ctx.db.transaction(() => {
    for (const id of listingIds) {
      // The run's effect on each night's service price is what recent_changes reports.
      const before = snapshotServicePrices(ctx.db, id, clock);
      const pricedUnder = waitingRepricing(ctx, id);
      if (pricedUnder === null) update.run(drift, id, today);
      else {
        const listing = listingOf.get(id) as ListingRow;
        const settings = readSettings(ctx, listing);
        reprice.run({
          id,
          today,
          scale: (drift * adjustedBase(listing, settings)) / pricedUnder,
          min: settings.min_price ?? 0,
          max: settings.max_price ?? Number.MAX_SAFE_INTEGER,
        });
        repriced(ctx, id);
      }
      recordPriceChanges(
        ctx.db,
        id,
        before,
        snapshotServicePrices(ctx.db, id, clock),
        "pricing_run",
        clock.now,
      );
    }
    ctx.db
      .prepare(
        `INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
      )
      .run(`runs:${marketId}`, String(runs));
  })();
  const emitted = emit(ctx, { type: "recommendations.updated", listingIds, marketId });
  return { event: "pricing_run", market_id: marketId, listing_ids: listingIds, ...emitted };
}

/**
 * Posts a listing's rates to its channel: every open night from today on takes the current
 * recommendation as its posted price. Answers how many nights it posted.
 */
export function postRates(ctx: SandboxContext, svcId: string, trigger: PostingTrigger): number {
  const posted = ctx.db
    .prepare(
      `UPDATE calendar_nights SET price = recommended_price
       WHERE listing_svc_id = ? AND date >= ? AND available = 1`,
    )
    .run(svcId, ctx.clock.today()).changes;
  // The posting history (last posted prices, calendar day history) records what changed.
  recordPostings(ctx, svcId, trigger);
  return posted;
}

/**
 * Rates posted for one listing, by POST /listings/{id}/sync, automatic posting or the app:
 * recommendations.updated names only that listing. It carries the listing's market id,
 * because every recommendations.updated payload carries market_id (Delivery rule 1).
 */
export function emitRatesPosted(ctx: SandboxContext, listing: Pick<SimListing, "svc_id" | "market_id">) {
  return emit(ctx, {
    type: "recommendations.updated",
    listingIds: [listing.svc_id],
    marketId: listing.market_id,
  });
}

/** `rates_posted`: automatic posting (only where pricing_enabled is on) or a post from the app. */
export function ratesPosted(ctx: SandboxContext, svcId: string, source: "automatic" | "app"): SimulateResult {
  const listing = requireListing(ctx, svcId);
  const enabled = (JSON.parse(listing.preferences) as { pricing_enabled?: boolean }).pricing_enabled === true;
  if (source === "automatic" && !enabled) {
    throw new ApiError(
      409,
      "pricing_disabled",
      `Listing ${svcId} has automatic rate posting off (pricing_enabled is false), so no automatic post happens.`,
    );
  }
  const nights = ctx.db.transaction(() => {
    const nightsChanged = nightsAPostingChanges(ctx, svcId);
    const nightsPosted = postRates(ctx, svcId, source);
    recordRatesPosted(ctx, svcId, { trigger: source, actorUserId: null, nightsPosted, nightsChanged });
    return nightsPosted;
  })();
  return {
    event: "rates_posted",
    listing_ids: [svcId],
    source,
    market_id: listing.market_id,
    nights_posted: nights,
    ...emitRatesPosted(ctx, listing),
  };
}
