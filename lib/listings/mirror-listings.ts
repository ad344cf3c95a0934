import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { callDashboard } from "@/lib/queries/dashboard-api";
import { queryKeys } from "@/lib/queries/keys";
import { readAnswer } from "@/lib/svc/read-answer";
import { listing, type Listing } from "@/lib/svc/schemas/listings";
import type { PortfolioFilters } from "@/lib/listings/queries";
import type { PortfolioIndex } from "@/lib/listings/portfolio-index";
import { skippedRowText } from "@/lib/shell/read-notices";
import type { MarketOccupancy } from "@/lib/listings/against-market";

/**
 * The portfolio's listing records from the account's mirror (GET /api/mirror/listings): the
 * whole list, filtered as the service filters it, for no service request. Each record is read
 * as the service's own is, tolerantly; one that cannot be read is named and left out.
 */
const answer = z.object({
  enabled: z.boolean(),
  listings: z.array(z.unknown()),
  market_occupancy: z.array(z.unknown()).optional(),
});
const marketOccupancy = z.object({
  market_id: z.string(),
  group: z.string(),
  read_at: z.string(),
  windows: z.record(z.string(), z.number().nullable()),
});
const mirrored = z.array(z.object({ listing_id: z.string(), read_at: z.string(), listing }));

export interface MirrorListings {
  listings: Listing[];
  /** When the mirror read the list from the service: the oldest row's read. */
  asOf: string;
  /** The records that could not be read, named. */
  notice: string | null;
  /** The market's occupancy per KPI window, for the markets of these listings the mirror holds. */
  marketOccupancy?: MarketOccupancy[];
}

/** The mirror's list as the page uses it; null while the account has none or it is not read yet. */
export function mirrorListingsOf(body: z.infer<typeof answer>): MirrorListings | null {
  if (!body.enabled || body.listings.length === 0) return null;
  const read = readAnswer(mirrored, body.listings);
  if (!read.ok) return null;
  const rows = read.data;
  if (rows.length === 0) return null;
  const asOf = rows.map((r) => r.read_at).sort()[0]!;
  const skipped = read.skipped.length;
  const notice =
    skipped === 0
      ? null
      : `${skipped} listing${skipped === 1 ? "" : "s"} in the portfolio mirror could not be read and ${skipped === 1 ? "is" : "are"} left out: ${read.skipped
          .slice(0, 3)
          .map(skippedRowText)
          .join("; ")}${skipped > 3 ? "; …" : ""}`;
  // A market entry that cannot be read only costs that market its comparison.
  const markets = readAnswer(z.array(marketOccupancy), body.market_occupancy ?? []);
  return {
    listings: rows.map((r) => r.listing),
    asOf,
    notice,
    marketOccupancy: markets.ok ? (markets.data as MarketOccupancy[]) : [],
  };
}

export function mirrorListingsQuery(filters: PortfolioFilters) {
  const search = new URLSearchParams();
  if (filters.include_managed_listings !== undefined)
    search.set("include_managed_listings", String(filters.include_managed_listings));
  if (filters.exclude_inactive !== undefined)
    search.set("exclude_inactive", String(filters.exclude_inactive));
  if (filters.owner_user_id) search.set("owner_user_id", filters.owner_user_id);
  return queryOptions({
    queryKey: queryKeys.sync.listings(filters),
    queryFn: async ({ signal }) =>
      mirrorListingsOf(await callDashboard(`/api/mirror/listings?${search}`, answer, { signal })),
    staleTime: 30_000,
  });
}

/** A large portfolio made whole from the mirror: what the Listings page shows and says. */
export interface MirroredIndex extends PortfolioIndex {
  /** When the mirror read the records it supplied. */
  mirrorAsOf: string;
  /** Rows supplied by the mirror (the rest were read from the service on this visit). */
  fromMirror: number;
}

/**
 * The index of a large portfolio, whole: every record the mirror holds, in the service's
 * order, with the records read from the service on this visit (its pages, and listings read
 * again after a write) in place of the mirror's copies, since the live answer wins; a listing
 * read live that the mirror does not hold yet (added since its read) is kept at the end.
 */
export function withMirror(
  live: PortfolioIndex,
  mirror: MirrorListings,
  fresher: readonly Listing[] = [],
): MirroredIndex {
  const liveById = new Map([...live.listings, ...fresher].map((l) => [l.svc_id, l] as const));
  const held = new Set(mirror.listings.map((l) => l.svc_id));
  let fromMirror = 0;
  const listings = mirror.listings.map((l) => {
    const fresh = liveById.get(l.svc_id);
    if (fresh) return fresh;
    fromMirror += 1;
    return l;
  });
  for (const l of live.listings) if (!held.has(l.svc_id)) listings.push(l);
  return {
    listings,
    pages: live.pages,
    total: listings.length,
    totalKnown: true,
    complete: true,
    pageSize: live.pageSize,
    notice: [live.notice, mirror.notice].filter(Boolean).join(" ") || null,
    mirrorAsOf: mirror.asOf,
    fromMirror,
  };
}
