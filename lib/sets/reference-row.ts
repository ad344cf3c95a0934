import type { RollingKpis } from "@/lib/svc/schemas/kpis";
import type { Listing } from "@/lib/svc/schemas/listings";
import { type CandidateListing, type CandidatesQuery } from "@/lib/svc/schemas/sets";
import { MEMBER_METRIC_KEYS } from "@/lib/svc/schemas/kpi-lexicon";

/**
 * The reference row of the candidate table: the listing of mine the candidates were searched
 * around, in the candidates' own shape so it reads column by column against them. Its
 * metrics come from the listing's rolling KPIs (GET /listings/{id}/kpis, the workspace's
 * read), whose `<metric>_<window>` keys cover every window the candidates carry; its facts
 * from the listing record. What neither says (amenities, guests included) stays unknown.
 * Pure, unit-tested.
 */

/** Its row id: never a candidate's, so the selection cannot pick it by accident. */
export const referenceRowId = (svcId: string) => `reference:${svcId}`;
export const isReferenceRow = (rowId: string) => rowId.startsWith("reference:");

/** The svc id of the listing a search was made around, or null for a search near a point. */
export function searchedAround(search: Pick<CandidatesQuery, "listing_id" | "channel">): string | null {
  return search.listing_id && search.channel === "svc" ? search.listing_id : null;
}

export function referenceRow(listing: Listing, kpis: RollingKpis | null | undefined): CandidateListing {
  const metrics = Object.fromEntries(
    MEMBER_METRIC_KEYS.map((key) => {
      const value = kpis ? (kpis as unknown as Record<string, number | null | undefined>)[key] : null;
      return [key, typeof value === "number" ? value : null];
    }),
  ) as Pick<CandidateListing, (typeof MEMBER_METRIC_KEYS)[number]>;
  return {
    ...metrics,
    listing_id: referenceRowId(listing.svc_id),
    name: listing.name,
    channel: listing.channel,
    latitude: listing.latitude,
    longitude: listing.longitude,
    bedrooms: listing.bedrooms,
    bathrooms: listing.bathrooms,
    guests_included: null,
    amenities: [],
    currency: kpis?.currency ?? listing.currency,
    status: null,
    distance_km: 0,
  };
}

/** The rows as the table shows them: the reference first whatever the sort, then the candidates. */
export function pinReference<T extends { id: string }>(rows: readonly T[]): T[] {
  return [...rows.filter((r) => isReferenceRow(r.id)), ...rows.filter((r) => !isReferenceRow(r.id))];
}
