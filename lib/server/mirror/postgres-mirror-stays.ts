import type { Pool } from "pg";

/**
 * What the PostgreSQL statements over the stays share (postgres-mirror-figures.ts, -curves.ts,
 * -by-listing.ts): how far back a stay can start, and the scope's condition.
 */

/** The longest stay held: how far back a stay touching a period can start. */
export const longestStay = async (pool: Pool, accountId: string) =>
  (
    await pool.query<{ longest: number | null }>(
      "SELECT MAX(stay_days) AS longest FROM mirror_reservations WHERE account_id = $1",
      [accountId],
    )
  ).rows[0]?.longest ?? 0;

/** The stays (`r`) of the scope bound at `$n`: those listings, or (null) every one not hidden. */
export const inScope = (n: number) => `CASE WHEN $${n}::text[] IS NULL
    THEN r.listing_id NOT IN (SELECT listing_id FROM mirror_listings WHERE account_id = $1 AND hidden)
    ELSE r.listing_id = ANY($${n}::text[]) END`;

/** The value `inScope` reads: the listings named, or null for every one not hidden. */
export const scopeOf = (listings: readonly string[] | undefined) =>
  listings === undefined ? null : [...listings];
