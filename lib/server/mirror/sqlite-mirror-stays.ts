import type Database from "better-sqlite3";

/**
 * What the SQLite statements over the stays share (sqlite-mirror-figures.ts, -curves.ts,
 * -by-listing.ts): how far back a stay can start, and the scope's condition with its binding.
 */

/** The longest stay held: how far back a stay touching a period can start. */
export const longestStay = (db: Database.Database, accountId: string) =>
  db
    .prepare<[string], { longest: number | null }>(
      "SELECT MAX(stay_days) AS longest FROM mirror_reservations WHERE account_id = ?",
    )
    .get(accountId)?.longest ?? 0;

/** The stays (`r`) of the scope: the listings named (bound as `@listings`), else every one not hidden. */
export const inScope = (listings: readonly string[] | undefined) =>
  listings === undefined
    ? "r.listing_id NOT IN (SELECT listing_id FROM mirror_listings WHERE account_id = @account AND hidden = 1)"
    : "r.listing_id IN (SELECT value FROM json_each(@listings))";

/** The binding `inScope` reads. */
export const scopeOf = (listings: readonly string[] | undefined) =>
  listings === undefined ? {} : { listings: JSON.stringify(listings) };
