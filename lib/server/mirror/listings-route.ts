import "server-only";
import { z } from "zod";
import { errorResponse } from "@/lib/server/http";
import { matchesListingFilters } from "@/lib/listings/listing-filters";
import { handle, json } from "@/lib/server/mirror/sync-route";
import { serviceNow } from "@/lib/server/service-clock";
import { marketOccupancyOf, type MarketOccupancy } from "@/lib/listings/against-market";

/**
 * GET /api/mirror/listings?include_managed_listings=…&exclude_inactive=…&owner_user_id=…:
 * the account's listing records from its mirror, as the service sent them, narrowed by the
 * same filters GET /listings takes (applied here to the records, as the service applies
 * them). Hidden listings are kept: the page filters them, as it does the service's answer.
 * No service request. Until the mirror has read the list once, `listings` is empty.
 * `market_occupancy`: the market's occupancy per KPI window, from the market report the mirror
 * holds for the markets of the listings answered (the Listings page's "against the market").
 */
const flag = z.enum(["true", "false"]).transform((text) => text === "true");
const query = z.object({
  include_managed_listings: flag.default(true),
  exclude_inactive: flag.default(false),
  owner_user_id: z.string().min(1).max(100).optional(),
});

export interface MirroredListingAnswer {
  listing_id: string;
  read_at: string;
  /** The record as the service sent it. */
  listing: unknown;
}

export interface MirrorListingsAnswer {
  enabled: boolean;
  listings: MirroredListingAnswer[];
  market_occupancy: MarketOccupancy[];
}

export const NO_MIRROR_LISTINGS: MirrorListingsAnswer = {
  enabled: false,
  listings: [],
  market_occupancy: [],
};

export const getListings = (request: Request) =>
  handle(
    request,
    async ({ runtime, account }) => {
      const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!parsed.success) return errorResponse(400, "invalid_query", parsed.error.issues[0]!.message);
      if (!(await runtime.store.syncRecord(account.accountId))) return json(NO_MIRROR_LISTINGS);
      const listings = (await runtime.store.listings(account.accountId))
        .filter((l) => matchesListingFilters(l.body, account.accountId, parsed.data))
        .map((l) => ({ listing_id: l.listingId, read_at: l.readAt, listing: l.body }));
      const today = new Date(serviceNow()).toISOString().slice(0, 10);
      const markets = new Set(
        listings.flatMap((l) => {
          const id = (l.listing as { market_id?: unknown } | null)?.market_id;
          return typeof id === "string" ? [id] : [];
        }),
      );
      const market_occupancy: MarketOccupancy[] = [];
      for (const market of markets)
        market_occupancy.push(
          ...marketOccupancyOf(market, await runtime.store.marketSeries(account.accountId, market), today),
        );
      return json({ enabled: true, listings, market_occupancy } satisfies MirrorListingsAnswer);
    },
    NO_MIRROR_LISTINGS,
  );
