import type Database from "better-sqlite3";
import {
  flagsOf,
  listingOf,
  marketSeriesOf,
  nightOf,
  reservationOf,
  type FlagsRow,
  type ListingRow,
  type MarketSeriesRow,
  type NightRow,
  type ReservationRow,
} from "@/lib/server/mirror/mirror-rows";
import type { MirrorStore } from "@/lib/server/mirror/mirror-store";
import { BY_LISTING } from "@/lib/server/mirror/sqlite-mirror-totals";

/** The mirror's rows as read, whole, on SQLite (sqlite-mirror.ts): a listing's, or the account's. */
export function sqliteRowReads(
  db: Database.Database,
): Pick<MirrorStore, "listings" | "reservations" | "nights" | "flags" | "marketSeries"> {
  return {
    async listings(accountId) {
      return db
        .prepare<[string], ListingRow>("SELECT * FROM mirror_listings WHERE account_id = ? ORDER BY seq")
        .all(accountId)
        .map(listingOf);
    },
    async reservations(accountId, listingId) {
      return db
        .prepare<[string, string], ReservationRow>(
          `SELECT * FROM mirror_reservations INDEXED BY ${BY_LISTING} WHERE account_id = ? AND listing_id = ?
         ORDER BY check_in, reservation_id`,
        )
        .all(accountId, listingId)
        .map(reservationOf);
    },
    async nights(accountId, listingId) {
      return db
        .prepare<[string, string], NightRow>(
          "SELECT * FROM mirror_nights WHERE account_id = ? AND listing_id = ? ORDER BY date",
        )
        .all(accountId, listingId)
        .map(nightOf);
    },
    async flags(accountId) {
      return db
        .prepare<[string], FlagsRow>(
          "SELECT listing_id, body, read_at FROM mirror_flags WHERE account_id = ? ORDER BY listing_id",
        )
        .all(accountId)
        .map(flagsOf);
    },
    async marketSeries(accountId, marketId) {
      return db
        .prepare<[string, string], MarketSeriesRow>(
          "SELECT bedrooms, body, read_at FROM mirror_market_series WHERE account_id = ? AND market_id = ? ORDER BY bedrooms",
        )
        .all(accountId, marketId)
        .map(marketSeriesOf);
    },
  };
}
