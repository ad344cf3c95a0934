import {
  CANDIDATE_RADIUS_KM_DEFAULT,
  MEMBER_METRIC_KEYS,
  type CandidateListing,
  type CandidatesQuery,
  type MemberListing,
  type MemberStatus,
  type SetFilters,
} from "../../../lib/svc/schemas/sets";
import type { MarketListingRow } from "../../data/seed/types";
import type { SandboxContext } from "../../context";
import { resolveListing } from "../access";
import { ApiError } from "../api-error";

/** A comparison candidate (a row of market_listings). */
/** A `market_listings` row (schema.ts), its channel narrowed to the member-listing channels. */
export type CandidateRow = Omit<MarketListingRow, "channel"> & { channel: MemberListing["channel"] };

/** Great-circle distance in km between two [lat, lng] points. */
export function kmBetween(a: readonly [number, number], b: readonly [number, number]): number {
  const rad = Math.PI / 180;
  const dLat = (b[0] - a[0]) * rad;
  const dLng = (b[1] - a[1]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(dLng / 2) ** 2;
  return 12742 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether a candidate meets every criterion a set's filters give. */
export function matchesFilters(
  filters: SetFilters,
  c: Pick<CandidateRow, "latitude" | "longitude" | "bedrooms" | "amenities">,
): boolean {
  if (filters.latitude !== undefined && filters.longitude !== undefined) {
    const distance = kmBetween([filters.latitude, filters.longitude], [c.latitude, c.longitude]);
    if (distance > (filters.radius_km ?? CANDIDATE_RADIUS_KM_DEFAULT)) return false;
  }
  if (filters.bedrooms_min !== undefined && (c.bedrooms === null || c.bedrooms < filters.bedrooms_min))
    return false;
  if (filters.bedrooms_max !== undefined && (c.bedrooms === null || c.bedrooms > filters.bedrooms_max))
    return false;
  if (filters.amenities?.length) {
    const has = new Set(JSON.parse(c.amenities) as string[]);
    if (!filters.amenities.every((a) => has.has(a))) return false;
  }
  return true;
}

/** The member-listing object (without status) of a candidate; every metric key present. */
function memberFields(row: CandidateRow): Omit<MemberListing, "status"> {
  const metrics = JSON.parse(row.metrics) as Record<string, number | null | undefined>;
  return {
    listing_id: row.listing_id,
    name: row.name,
    channel: row.channel,
    latitude: row.latitude,
    longitude: row.longitude,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    guests_included: row.guests_included,
    amenities: JSON.parse(row.amenities) as string[],
    currency: row.currency,
    ...(Object.fromEntries(MEMBER_METRIC_KEYS.map((key) => [key, metrics[key] ?? null])) as Pick<
      MemberListing,
      (typeof MEMBER_METRIC_KEYS)[number]
    >),
  };
}

export function toMemberListing(row: CandidateRow, status: MemberStatus): MemberListing {
  return { ...memberFields(row), status };
}

/** Distances are answered to the metre. */
export const roundKm = (km: number): number => Math.round(km * 1000) / 1000;

/**
 * GET /sets/candidates: eligible candidates within `radius_km` of a point or of one of the
 * caller's listings (identified per the channel rule), nearest first, ties by id.
 */
export function findCandidates(
  ctx: SandboxContext,
  userId: string,
  query: CandidatesQuery,
): CandidateListing[] {
  let center: [number, number];
  if (query.listing_id !== undefined) {
    // The schema requires channel with listing_id.
    const { listing } = resolveListing(ctx, userId, query.listing_id, query.channel!);
    center = [listing.latitude, listing.longitude];
  } else {
    center = [query.latitude!, query.longitude!];
  }
  const radius = query.radius_km ?? CANDIDATE_RADIUS_KM_DEFAULT;
  const rows = (
    query.bedrooms === undefined
      ? ctx.db.prepare(`SELECT * FROM market_listings WHERE eligible = 1`).all()
      : ctx.db
          .prepare(`SELECT * FROM market_listings WHERE eligible = 1 AND bedrooms = ?`)
          .all(query.bedrooms)
  ) as CandidateRow[];
  return rows
    .map((row) => ({ row, km: kmBetween(center, [row.latitude, row.longitude]) }))
    .filter(({ km }) => km <= radius)
    .sort((a, b) => a.km - b.km || a.row.listing_id.localeCompare(b.row.listing_id))
    .map(({ row, km }) => ({ ...memberFields(row), status: null, distance_km: roundKm(km) }));
}

/**
 * Rule 2: only eligible comparison candidates can be added. Unknown or ineligible ids: 422
 * `ineligible_listings` naming them, before anything is written.
 */
export function requireEligible(ctx: SandboxContext, listingIds: readonly string[]): CandidateRow[] {
  const find = ctx.db.prepare(`SELECT * FROM market_listings WHERE listing_id = ?`);
  const found: CandidateRow[] = [];
  const refused: string[] = [];
  for (const id of listingIds) {
    const row = find.get(id) as CandidateRow | undefined;
    if (row && row.eligible === 1) found.push(row);
    else refused.push(id);
  }
  if (refused.length > 0) {
    throw new ApiError(
      422,
      "ineligible_listings",
      `Only eligible comparison candidates (GET /sets/candidates) can be added: ${refused.join(", ")}.`,
      { listing_ids: refused },
    );
  }
  return found;
}

/** Listing ids given in one body; more than this is a 400 (the contract sets no cap). */
export const MAX_LISTING_IDS = 500;

/** Refuses an oversized id list as the dispatcher refuses a bad body; returns the ids deduplicated. */
export function distinctIds(ids: readonly string[], field = "listing_ids", max = MAX_LISTING_IDS): string[] {
  if (ids.length > max) {
    const message = `give at most ${max} ids`;
    throw new ApiError(400, "invalid_body", `Invalid ${field}: ${message}.`, {
      fields: [{ field, message }],
    });
  }
  return [...new Set(ids)];
}
