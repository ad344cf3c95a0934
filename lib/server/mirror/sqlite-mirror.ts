import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import path from "node:path";
import {
  errorText,
  listingOf,
  newClaimToken,
  nightOf,
  reservationOf,
  syncRecordOf,
  taskOf,
  tasksForListings,
  type ListingRow,
  type NightRow,
  type ReservationRow,
  type SyncRow,
  type TaskRow,
  calendarsOf,
  lookBack,
  readsOf,
  stayDays,
  STANDING,
} from "@/lib/server/mirror/mirror-rows";
import {
  LISTING_KINDS,
  TASK_RANK,
  type MirrorStore,
  type SyncTask,
  type TaskKind,
  type TaskOutcome,
  type TaskResult,
} from "@/lib/server/mirror/mirror-store";
import {
  MIRROR_SCHEMA_VERSION,
  MIRROR_TABLES,
  SQLITE_MIRROR_SCHEMA,
} from "@/lib/server/mirror/sqlite-mirror-schema";

/**
 * The mirror on SQLite: `<DATA_DIR>/mirror.db` (WAL), a file of its own beside the dashboard's
 * store, since it is large and rebuilt from the service at will. The rules: mirror-store.ts.
 * better-sqlite3 is synchronous: each method's transaction has committed when its Promise
 * settles; claims take the write lock first (BEGIN IMMEDIATE), so two processes on one file
 * never claim the same task.
 */
export function openSqliteMirror(dataDir: string, fileName = "mirror.db"): MirrorStore {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(fileName === ":memory:" ? ":memory:" : path.join(dataDir, fileName));
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("busy_timeout = 5000");
  db.transaction(() => {
    const version = db.pragma("user_version", { simple: true }) as number;
    if (version !== MIRROR_SCHEMA_VERSION) {
      for (const table of MIRROR_TABLES) db.exec(`DROP TABLE IF EXISTS ${table}`);
      db.pragma(`user_version = ${MIRROR_SCHEMA_VERSION}`);
    }
    db.exec(SQLITE_MIRROR_SCHEMA);
  }).immediate();

  const ms = (d: Date) => d.getTime();
  const tx = <A extends unknown[], R>(work: (...args: A) => R) => db.transaction(work).immediate;
  const inList = (ids: readonly string[]) => ids.map(() => "?").join(", ");
  const record = (accountId: string) =>
    db.prepare<[string], SyncRow>("SELECT * FROM mirror_sync WHERE account_id = ?").get(accountId);

  const writeListings = (
    accountId: string,
    rows: TaskResult & { kind: "listings" },
    readAt: string,
    now: number,
  ) => {
    const ids = rows.listings.map((l) => l.listingId);
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
    for (const id of gone) {
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
      case "reservations": {
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
        return;
      }
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
    }
  };

  const finish = tx((task: SyncTask, outcome: TaskOutcome, freshForMs: number, now: Date): boolean => {
    const held = db
      .prepare<[string, TaskKind, string, string], { claimed_at_ms: number; due_at_ms: number }>(
        `SELECT claimed_at_ms, due_at_ms FROM mirror_tasks
         WHERE account_id = ? AND kind = ? AND subject = ? AND claim_token = ?`,
      )
      .get(task.accountId, task.kind, task.subject, task.claimToken);
    if (!held) return false;
    const at = now.toISOString();
    const key = [task.accountId, task.kind, task.subject] as const;
    if (outcome.ok) {
      writeResult(task, outcome.result, at, ms(now));
      // Marked due while it was being read: what was read may predate the change, so it stays due.
      const dueAgain = held.due_at_ms > held.claimed_at_ms ? held.due_at_ms : ms(now) + freshForMs;
      db.prepare(
        `UPDATE mirror_tasks SET done_at_ms = ?, due_at_ms = ?, lease_until_ms = NULL, claimed_at_ms = NULL,
           claim_token = NULL, attempts = 0, last_error = NULL WHERE account_id = ? AND kind = ? AND subject = ?`,
      ).run(ms(now), dueAgain, ...key);
      db.prepare(
        "UPDATE mirror_sync SET requests_spent = requests_spent + ?, last_read_at = ? WHERE account_id = ?",
      ).run(outcome.requests, at, task.accountId);
    } else {
      const error = errorText(outcome.error);
      db.prepare(
        `UPDATE mirror_tasks SET due_at_ms = ?, lease_until_ms = NULL, claimed_at_ms = NULL, claim_token = NULL,
           attempts = attempts + 1, last_error = ? WHERE account_id = ? AND kind = ? AND subject = ?`,
      ).run(ms(outcome.retryAt), error, ...key);
      db.prepare(
        `UPDATE mirror_sync SET requests_spent = requests_spent + ?, last_error = ?, last_error_at = ?
         WHERE account_id = ?`,
      ).run(outcome.requests, error, at, task.accountId);
    }
    return true;
  });

  const claim = tx((accountId: string, limit: number, leaseMs: number, now: number): SyncTask[] => {
    const rows = db
      .prepare<[string, number, number, number], Omit<TaskRow, "claim_token">>(
        `SELECT account_id, kind, subject, done_at_ms, attempts FROM mirror_tasks
         WHERE account_id = ? AND due_at_ms <= ? AND (lease_until_ms IS NULL OR lease_until_ms <= ?)
         ORDER BY rank, due_at_ms DESC, seq LIMIT ?`,
      )
      .all(accountId, now, now, limit);
    const lease = db.prepare(
      `UPDATE mirror_tasks SET lease_until_ms = ?, claimed_at_ms = ?, claim_token = ?
       WHERE account_id = ? AND kind = ? AND subject = ?`,
    );
    return rows.map((r) => {
      const claimToken = newClaimToken();
      lease.run(now + leaseMs, now, claimToken, r.account_id, r.kind, r.subject);
      return taskOf({ ...r, claim_token: claimToken });
    });
  });

  const forget = tx((accountId: string) => {
    for (const table of MIRROR_TABLES) db.prepare(`DELETE FROM ${table} WHERE account_id = ?`).run(accountId);
  });

  const count = (sql: string, ...args: unknown[]) => (db.prepare(sql).get(...args) as { n: number }).n;

  return {
    async startSync(accountId, label, now = new Date()) {
      tx(() => {
        db.prepare(
          `INSERT INTO mirror_sync (account_id, label, started_at) VALUES (?, ?, ?)
           ON CONFLICT (account_id) DO UPDATE SET label = excluded.label, paused = 0, stopped_reason = NULL,
             wait_until_ms = NULL`,
        ).run(accountId, label, now.toISOString());
        db.prepare(
          `INSERT INTO mirror_tasks (account_id, kind, subject, rank, seq, due_at_ms) VALUES (?, 'listings', '', ?, 0, ?)
           ON CONFLICT (account_id, kind, subject) DO UPDATE SET due_at_ms = MIN(due_at_ms, excluded.due_at_ms)`,
        ).run(accountId, TASK_RANK.listings, ms(now));
      })();
      return syncRecordOf(record(accountId)!);
    },
    async syncRecord(accountId) {
      const row = record(accountId);
      return row ? syncRecordOf(row) : null;
    },
    async syncAccounts() {
      return db
        .prepare<[], { account_id: string }>("SELECT account_id FROM mirror_sync ORDER BY account_id")
        .all()
        .map((r) => r.account_id);
    },
    async setPaused(accountId, paused) {
      return (
        db.prepare("UPDATE mirror_sync SET paused = ? WHERE account_id = ?").run(paused ? 1 : 0, accountId)
          .changes > 0
      );
    },
    async stopSync(accountId, reason, now = new Date()) {
      db.prepare(
        "UPDATE mirror_sync SET stopped_reason = ?, last_error = ?, last_error_at = ? WHERE account_id = ?",
      ).run(errorText(reason), errorText(reason), now.toISOString(), accountId);
    },
    async waitUntil(accountId, until) {
      db.prepare("UPDATE mirror_sync SET wait_until_ms = ? WHERE account_id = ?").run(ms(until), accountId);
    },
    async noteEvent(accountId, at) {
      db.prepare(
        "UPDATE mirror_sync SET last_event_at = ? WHERE account_id = ? AND (last_event_at IS NULL OR last_event_at < ?)",
      ).run(at.toISOString(), accountId, at.toISOString());
    },
    async storeKey(accountId, sealed, last4, now = new Date()) {
      return (
        db
          .prepare(
            "UPDATE mirror_sync SET stored_key = ?, stored_key_last4 = ?, stored_key_at = ? WHERE account_id = ?",
          )
          .run(sealed, last4, now.toISOString(), accountId).changes > 0
      );
    },
    async sealedKey(accountId) {
      const row = db
        .prepare<[string], { stored_key: Buffer | null }>(
          "SELECT stored_key FROM mirror_sync WHERE account_id = ?",
        )
        .get(accountId);
      return row?.stored_key ?? null;
    },
    async eraseKey(accountId) {
      db.prepare(
        "UPDATE mirror_sync SET stored_key = NULL, stored_key_last4 = NULL, stored_key_at = NULL WHERE account_id = ?",
      ).run(accountId);
    },
    async claimTasks(accountId, limit, leaseMs, now = new Date()) {
      return claim(accountId, limit, leaseMs, ms(now));
    },
    async finishTask(task, outcome, freshForMs, now = new Date()) {
      const finished = finish(task, outcome, freshForMs, now);
      // After a listing read (the first fill's start, then daily), the planner's statistics are
      // refreshed where they are stale, as SQLite advises for long-lived connections.
      if (finished && task.kind === "listings") db.pragma("optimize");
      return finished;
    },
    async markDue(accountId, kind, listingIds, now = new Date()) {
      if (listingIds.length === 0) return 0;
      return db
        .prepare(
          `UPDATE mirror_tasks SET due_at_ms = ? WHERE account_id = ? AND kind = ? AND subject IN (${inList(listingIds)})`,
        )
        .run(ms(now), accountId, kind, ...listingIds).changes;
    },
    async accountsHolding(listingIds) {
      if (listingIds.length === 0) return [];
      return db
        .prepare(
          `SELECT DISTINCT account_id FROM mirror_listings WHERE listing_id IN (${inList(listingIds)}) ORDER BY account_id`,
        )
        .all(...listingIds)
        .map((r) => (r as { account_id: string }).account_id);
    },
    async progress(accountId, now = new Date()) {
      return {
        listingsTotal: count("SELECT count(*) AS n FROM mirror_listings WHERE account_id = ?", accountId),
        listingsSynced: count(
          `SELECT count(*) AS n FROM mirror_listings l WHERE l.account_id = ? AND NOT EXISTS (
             SELECT 1 FROM mirror_tasks t WHERE t.account_id = l.account_id AND t.subject = l.listing_id
               AND t.kind IN (${inList(LISTING_KINDS)}) AND t.done_at_ms IS NULL)`,
          accountId,
          ...LISTING_KINDS,
        ),
        tasksDue: count(
          "SELECT count(*) AS n FROM mirror_tasks WHERE account_id = ? AND due_at_ms <= ?",
          accountId,
          ms(now),
        ),
        tasksNeverDone: count(
          "SELECT count(*) AS n FROM mirror_tasks WHERE account_id = ? AND done_at_ms IS NULL",
          accountId,
        ),
        listingsRead:
          count(
            "SELECT count(*) AS n FROM mirror_tasks WHERE account_id = ? AND kind = 'listings' AND done_at_ms IS NOT NULL",
            accountId,
          ) > 0,
        reads: readsOf(
          db
            .prepare(
              "SELECT kind, count(*) AS total, count(done_at_ms) AS done FROM mirror_tasks WHERE account_id = ? GROUP BY kind",
            )
            .all(accountId) as Array<{ kind: string; total: number; done: number }>,
        ),
      };
    },
    async counts(accountId) {
      const of = (table: string) =>
        count(`SELECT count(*) AS n FROM ${table} WHERE account_id = ?`, accountId);
      return {
        listings: of("mirror_listings"),
        reservations: of("mirror_reservations"),
        nights: of("mirror_nights"),
        flags: of("mirror_flags"),
        marketSeries: of("mirror_market_series"),
        tasks: of("mirror_tasks"),
      };
    },
    async listings(accountId) {
      return db
        .prepare<[string], ListingRow>("SELECT * FROM mirror_listings WHERE account_id = ? ORDER BY seq")
        .all(accountId)
        .map(listingOf);
    },
    async reservations(accountId, listingId) {
      return db
        .prepare<[string, string], ReservationRow>(
          "SELECT * FROM mirror_reservations WHERE account_id = ? AND listing_id = ? ORDER BY check_in, reservation_id",
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
    async stayFigures(accountId, periods, at) {
      const longest =
        db
          .prepare<[string], { longest: number | null }>(
            "SELECT MAX(stay_days) AS longest FROM mirror_reservations WHERE account_id = ?",
          )
          .get(accountId)?.longest ?? 0;
      const overlap = "(julianday(MIN(check_out, @to)) - julianday(MAX(check_in, @from)))";
      const query = db.prepare(
        `SELECT currency, SUM(${overlap}) AS nights,
           SUM(CASE WHEN nightly_subtotal IS NULL THEN 0 ELSE nightly_subtotal * ${overlap} / stay_days END) AS revenue,
           SUM(CASE WHEN nightly_subtotal IS NULL THEN ${overlap} ELSE 0 END) AS unpriced
         FROM mirror_reservations r
         WHERE account_id = @account AND check_in >= @since AND check_in < @to AND check_out > @from AND stay_days > 0
           AND listing_id NOT IN (SELECT listing_id FROM mirror_listings WHERE account_id = @account AND hidden = 1)
           AND ${STANDING(at === undefined ? null : "@at")}
         GROUP BY currency ORDER BY currency`,
      );
      return periods.map(({ from, to }) =>
        (
          query.all({
            account: accountId,
            from,
            to,
            since: lookBack(from, longest),
            ...(at === undefined ? {} : { at }),
          }) as Array<{
            currency: string | null;
            nights: number;
            revenue: number;
            unpriced: number;
          }>
        ).map((r) => ({
          currency: r.currency,
          nights: Math.round(r.nights),
          revenue: r.revenue,
          nightsWithoutRevenue: Math.round(r.unpriced),
        })),
      );
    },
    async calendars(accountId, listingIds, range) {
      if (listingIds.length === 0) return [];
      const rows = db
        .prepare(
          `SELECT listing_id, currency, body, read_at FROM mirror_nights
           WHERE account_id = ? AND listing_id IN (${inList(listingIds)}) AND date >= ? AND date <= ?
           ORDER BY listing_id, date`,
        )
        .all(accountId, ...listingIds, range.from, range.to) as Array<{
        listing_id: string;
        currency: string | null;
        body: string;
        read_at: string;
      }>;
      return calendarsOf(rows, range);
    },
    async coverage(accountId) {
      return (
        db
          .prepare(
            `SELECT l.currency AS currency, count(*) AS total, count(t.done_at_ms) AS listings, MIN(t.done_at_ms) AS oldest
             FROM mirror_listings l LEFT JOIN mirror_tasks t ON t.account_id = l.account_id AND t.subject = l.listing_id
               AND t.kind = 'reservations' AND t.done_at_ms IS NOT NULL
             WHERE l.account_id = ? AND l.hidden = 0 GROUP BY l.currency ORDER BY l.currency`,
          )
          .all(accountId) as Array<{
          currency: string | null;
          total: number;
          listings: number;
          oldest: number | null;
        }>
      ).map((r) => ({
        currency: r.currency,
        listings: r.listings,
        total: r.total,
        oldestRead: r.oldest === null ? null : new Date(r.oldest).toISOString(),
      }));
    },
    async forget(accountId) {
      forget(accountId);
    },
    async close() {
      db.close();
    },
  };
}
