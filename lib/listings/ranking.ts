/**
 * The portfolio ranks listings by one KPI with the service's own rule (values not generated
 * come last, unranked), so the dashboard's order matches any other client's.
 */

export type RankOrder = "desc" | "asc";

export interface RankedEntry<L> {
  listing: L;
  value: number | null;
  currency: string;
  /** 1 for the best of the listings shown; null for a value not generated yet (ranked last). */
  rank: number | null;
}

const bySvcId = (a: string, b: string) => Number(a) - Number(b) || (a < b ? -1 : a > b ? 1 : 0);

/**
 * The listings on screen in the order of one metric: `desc` highest first, `asc` lowest
 * first, ties by svc_id; values not generated yet come last without a rank, whatever the
 * order (the service's own rule). Listings the KPI answer does not name are left out.
 */
export function rankListings<L extends { svc_id: string }>(
  listings: readonly L[],
  rows: ReadonlyArray<{ listing_id: string; value: number | null; currency: string }>,
  order: RankOrder = "desc",
): Array<RankedEntry<L>> {
  const byId = new Map(rows.map((row) => [row.listing_id, row]));
  const sign = order === "asc" ? 1 : -1;
  const entries = listings.flatMap((listing) => {
    const row = byId.get(listing.svc_id);
    return row ? [{ listing, value: row.value, currency: row.currency, rank: null as number | null }] : [];
  });
  entries.sort((a, b) => {
    if (a.value === null || b.value === null) {
      if (a.value === b.value) return bySvcId(a.listing.svc_id, b.listing.svc_id);
      return a.value === null ? 1 : -1;
    }
    return sign * (a.value - b.value) || bySvcId(a.listing.svc_id, b.listing.svc_id);
  });
  let rank = 0;
  for (const entry of entries) if (entry.value !== null) entry.rank = ++rank;
  return entries;
}
