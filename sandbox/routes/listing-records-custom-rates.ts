import type { BulkCustomRatesResult } from "../../lib/svc/schemas/custom-rates";
import type { ChannelParam } from "../../lib/svc/schemas/common";
import type { ListingAccessLevel } from "../../lib/svc/schemas/listings";
import type { RouteTable, SandboxContext } from "../context";
import { resolveListing, type ListingRow } from "../domain/access";
import { ApiError } from "../domain/api-error";
import {
  changeCustomRates,
  periodsToWrite,
  readCustomRates,
  type CustomRateChange,
} from "../domain/records/custom-rates";
import { recordsClock, type RecordsClock } from "../domain/records/dates";

/**
 * Viewers read custom rates but cannot write them. Restricted editors can: the interface
 * bars them from tags and the batch preferences only.
 */
function writeRefusal(access: ListingAccessLevel, listingId: string): ApiError | null {
  return access === "viewer"
    ? new ApiError(403, "forbidden", `Viewers cannot change the custom rates of listing ${listingId}.`)
    : null;
}

function writable(ctx: SandboxContext, userId: string, listingId: string, channel: ChannelParam): ListingRow {
  const { listing, access } = resolveListing(ctx, userId, listingId, channel);
  const refusal = writeRefusal(access, listingId);
  if (refusal) throw refusal;
  return listing;
}

function writeOne(
  ctx: SandboxContext,
  listing: ListingRow,
  change: CustomRateChange,
  actor: string,
  clock: RecordsClock,
) {
  ctx.db.transaction(() => changeCustomRates(ctx, listing.svc_id, change, actor, clock))();
  return readCustomRates(ctx, listing, clock);
}

/**
 * A bulk call applies one change to the path listing and to each of `listing_ids`. The
 * path listing is identified like any path (403/404 for the whole request); after that every
 * listing stands alone: one the caller cannot reach (403, or 404 under channel=svc) or may
 * only view (403) is reported in `errors` and the others still apply, together, in one
 * transaction. A listing named both in the path and in `listing_ids` is changed once.
 */
type Standing = { listingId: string; listing: ListingRow } | { listingId: string; refusal: ApiError };

/** Whether the caller may change one listing of a bulk call; a refusal becomes an errors entry. */
function standing(ctx: SandboxContext, userId: string, listingId: string, channel: ChannelParam): Standing {
  try {
    const { listing, access } = resolveListing(ctx, userId, listingId, channel);
    const refusal = writeRefusal(access, listingId);
    return refusal ? { listingId, refusal } : { listingId, listing };
  } catch (error) {
    if (error instanceof ApiError) return { listingId, refusal: error };
    throw error;
  }
}

function bulk(
  ctx: SandboxContext,
  userId: string,
  request: { pathId: string; listingIds: string[]; channel: ChannelParam },
  change: CustomRateChange,
  clock: RecordsClock,
): BulkCustomRatesResult {
  // The path listing is the request's resource: an unknown or unreachable one refuses it all.
  resolveListing(ctx, userId, request.pathId, request.channel);
  const targets: Array<{ listingId: string; listing: ListingRow }> = [];
  const errors: BulkCustomRatesResult["errors"] = [];
  const seen = new Set<string>();
  for (const listingId of [request.pathId, ...request.listingIds]) {
    const outcome = standing(ctx, userId, listingId, request.channel);
    if ("refusal" in outcome) {
      errors.push({
        listing_id: listingId,
        status: outcome.refusal.status,
        error: outcome.refusal.body().error,
      });
    } else if (!seen.has(outcome.listing.svc_id)) {
      seen.add(outcome.listing.svc_id);
      targets.push(outcome);
    }
  }
  ctx.db.transaction(() => {
    for (const { listing } of targets) changeCustomRates(ctx, listing.svc_id, change, userId, clock);
  })();
  return {
    results: targets.map(({ listingId, listing }) => ({
      listing_id: listingId,
      custom_rates: readCustomRates(ctx, listing, clock),
    })),
    errors,
  };
}

export const customRateRoutes: RouteTable = {
  "listings.customRates": ({ ctx, caller, params, query }) => {
    const { listing } = resolveListing(ctx, caller.user.id, params.listing_id!, query.channel);
    return { body: readCustomRates(ctx, listing, recordsClock(ctx)) };
  },

  "listings.customRatesPut": ({ ctx, caller, params, query, body }) => {
    const listing = writable(ctx, caller.user.id, params.listing_id!, query.channel);
    const clock = recordsClock(ctx);
    const change: CustomRateChange = { kind: "put", periods: periodsToWrite(body, clock) };
    return { body: writeOne(ctx, listing, change, caller.user.id, clock) };
  },

  "listings.customRatesDelete": ({ ctx, caller, params, query, body }) => {
    const listing = writable(ctx, caller.user.id, params.listing_id!, query.channel);
    const change: CustomRateChange = { kind: "delete", start_date: body.start_date, end_date: body.end_date };
    return { body: writeOne(ctx, listing, change, caller.user.id, recordsClock(ctx)) };
  },

  "listings.bulkCustomRatesPut": ({ ctx, caller, params, query, body }) => {
    const clock = recordsClock(ctx);
    const change: CustomRateChange = { kind: "put", periods: periodsToWrite(body, clock) };
    const request = { pathId: params.listing_id!, listingIds: body.listing_ids, channel: query.channel };
    return { body: bulk(ctx, caller.user.id, request, change, clock) };
  },

  "listings.bulkCustomRatesDelete": ({ ctx, caller, params, query, body }) => {
    const change: CustomRateChange = { kind: "delete", start_date: body.start_date, end_date: body.end_date };
    const request = { pathId: params.listing_id!, listingIds: body.listing_ids, channel: query.channel };
    return { body: bulk(ctx, caller.user.id, request, change, recordsClock(ctx)) };
  },
};
