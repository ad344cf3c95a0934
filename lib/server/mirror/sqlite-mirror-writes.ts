import type Database from "better-sqlite3";
import { stayDays, tasksForListings } from "@/lib/server/mirror/mirror-rows";
import type { SyncTask, TaskResult } from "@/lib/server/mirror/mirror-store";
import { writeSqliteGroups } from "@/lib/server/mirror/sqlite-mirror-groups";
import { planSqliteSetPrices, writeSqliteSetPrices } from "@/lib/server/mirror/sqlite-mirror-set-prices";
import { sqliteTotals } from "@/lib/server/mirror/sqlite-mirror-totals";

/**
 * What a finished task writes on SQLite (sqlite-mirror.ts), inside the finish's transaction:
 * the rows it read replace what it covers; a listing read also brings the listings' tasks and
 * drops what the account no longer reaches.
 */
export function sqliteWrites(db: Database.Database) {
  const totals = sqliteTotals(db);
  const writeListings = (
    accountId: string,
    rows: TaskResult & { kind: "listings" },
    readAt: string,
    now: number,
  ) => {
    const ids = rows.listings.map((l) => l.listingId);
    // Whether each listing counted in the night totals before this read (hidden is what changes it).
    const countedBefore = new Map(
      db
        .prepare<[string], { listing_id: string; hidden: number }>(
          "SELECT listing_id, hidden FROM mirror_listings WHERE account_id = ?",
        )
        .all(accountId)
        .map((r) => [r.listing_id, r.hidden !== 1]),
    );
    const upsert = db.prepare(
      `INSERT INTO mirror_listings (account_id, listing_id, channel, channel_listing_id, name, market_id, bedrooms, currency,
       hidden, seq, body, read_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (account_id, listing_id) DO UPDATE SET channel = excluded.channel,
       channel_listing_id = excluded.channel_listing_id, name = excluded.name, market_id = excluded.market_id,
       bedrooms = excluded.bedrooms, currency = excluded.currency, hidden = excluded.hidden, seq = excluded.seq, body = excluded.body,
       read_at = excluded.read_at`,
    );
    rows.listings.forEach((l, seq) =>
      upsert.run(
        accountId,
        l.listingId,
        l.channel,
        l.channelListingId,
        l.name,
        l.marketId,
        l.bedrooms,
        l.currency,
        l.hidden ? 1 : 0,
        seq,
        JSON.stringify(l.body),
        readAt,
      ),
    );
    // Listings the account no longer reaches leave with everything read for them.
    const gone = db
      .prepare<[string], { listing_id: string }>(
        "SELECT listing_id FROM mirror_listings WHERE account_id = ?",
      )
      .all(accountId)
      .map((r) => r.listing_id)
      .filter((id) => !ids.includes(id));
    for (const l of rows.listings)
      if ((countedBefore.get(l.listingId) ?? true) !== !l.hidden)
        totals.change(accountId, l.listingId, l.hidden ? -1 : 1);
    for (const id of gone) {
      if (countedBefore.get(id)) totals.change(accountId, id, -1);
      for (const table of ["mirror_listings", "mirror_reservations", "mirror_nights", "mirror_flags"])
        db.prepare(`DELETE FROM ${table} WHERE account_id = ? AND listing_id = ?`).run(accountId, id);
      db.prepare("DELETE FROM mirror_tasks WHERE account_id = ? AND subject = ? AND kind <> 'market'").run(
        accountId,
        id,
      );
    }
    const wanted = tasksForListings(rows.listings);
    const insertTask = db.prepare(
      `INSERT INTO mirror_tasks (account_id, kind, subject, rank, seq, due_at_ms) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (account_id, kind, subject) DO UPDATE SET seq = excluded.seq`,
    );
    for (const t of wanted) insertTask.run(accountId, t.kind, t.subject, t.rank, t.seq, now);
    const markets = wanted.filter((t) => t.kind === "market").map((t) => t.subject);
    const staleMarkets = db
      .prepare<[string], { subject: string }>(
        "SELECT subject FROM mirror_tasks WHERE account_id = ? AND kind = 'market'",
      )
      .all(accountId)
      .map((r) => r.subject)
      .filter((m) => !markets.includes(m));
    for (const m of staleMarkets) {
      db.prepare("DELETE FROM mirror_tasks WHERE account_id = ? AND kind = 'market' AND subject = ?").run(
        accountId,
        m,
      );
      db.prepare("DELETE FROM mirror_market_series WHERE account_id = ? AND market_id = ?").run(accountId, m);
    }
  };

  const writeResult = (task: SyncTask, result: TaskResult, readAt: string, now: number) => {
    const { accountId, subject } = task;
    switch (result.kind) {
      case "listings":
        return writeListings(accountId, result, readAt, now);
      case "reservations":
        return totals.replacing(accountId, subject, () => {
          db.prepare("DELETE FROM mirror_reservations WHERE account_id = ? AND listing_id = ?").run(
            accountId,
            subject,
          );
          const insert = db.prepare(
            `INSERT OR REPLACE INTO mirror_reservations (account_id, listing_id, reservation_id, status, check_in, check_out,
           stay_days, nights, booked_at, canceled_at, currency, nightly_subtotal, body, read_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          );
          for (const r of result.reservations)
            insert.run(
              accountId,
              subject,
              r.reservationId,
              r.status,
              r.checkIn,
              r.checkOut,
              stayDays(r),
              r.nights,
              r.bookedAt,
              r.canceledAt,
              r.currency,
              r.nightlySubtotal,
              JSON.stringify(r.body),
              readAt,
            );
        });
      case "nights": {
        db.prepare("DELETE FROM mirror_nights WHERE account_id = ? AND listing_id = ?").run(
          accountId,
          subject,
        );
        const insert = db.prepare(
          `INSERT OR REPLACE INTO mirror_nights (account_id, listing_id, date, currency, price, recommended_price, min_stay,
           booked, blocked, body, read_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        );
        const flag = (b: boolean | null) => (b === null ? null : b ? 1 : 0);
        for (const n of result.nights)
          insert.run(
            accountId,
            subject,
            n.date,
            result.currency,
            n.price,
            n.recommendedPrice,
            n.minStay,
            flag(n.booked),
            flag(n.blocked),
            JSON.stringify(n.body),
            readAt,
          );
        return;
      }
      case "flags":
        db.prepare(
          `INSERT INTO mirror_flags (account_id, listing_id, body, read_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (account_id, listing_id) DO UPDATE SET body = excluded.body, read_at = excluded.read_at`,
        ).run(accountId, subject, JSON.stringify(result.flags), readAt);
        return;
      case "market": {
        db.prepare("DELETE FROM mirror_market_series WHERE account_id = ? AND market_id = ?").run(
          accountId,
          subject,
        );
        const insert = db.prepare(
          "INSERT OR REPLACE INTO mirror_market_series (account_id, market_id, bedrooms, body, read_at) VALUES (?, ?, ?, ?, ?)",
        );
        for (const s of result.series)
          insert.run(accountId, subject, s.bedrooms, JSON.stringify(s.body), readAt);
        return;
      }
      case "groups":
        writeSqliteGroups(db, accountId, result.groups, readAt);
        return planSqliteSetPrices(db, accountId, result.groups, now);
      case "set_prices":
        return writeSqliteSetPrices(db, accountId, subject, result.prices, readAt);
    }
  };

  return { writeResult };
}
