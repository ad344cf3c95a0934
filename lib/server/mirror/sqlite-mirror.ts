import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import path from "node:path";
import {
  errorText,
  newClaimToken,
  syncRecordOf,
  taskOf,
  type SyncRow,
  type TaskRow,
  readsOf,
} from "@/lib/server/mirror/mirror-rows";
import {
  LISTING_KINDS,
  TASK_RANK,
  type MirrorStore,
  type SyncTask,
  type TaskKind,
  type TaskOutcome,
} from "@/lib/server/mirror/mirror-store";
import { figureViews } from "@/lib/server/mirror/figure-views";
import { sqliteFigures } from "@/lib/server/mirror/sqlite-mirror-figures";
import { sqliteCurves } from "@/lib/server/mirror/sqlite-mirror-curves";
import { sqliteByListing } from "@/lib/server/mirror/sqlite-mirror-by-listing";
import { sqliteWrites } from "@/lib/server/mirror/sqlite-mirror-writes";
import { sqliteGroups } from "@/lib/server/mirror/sqlite-mirror-groups";
import { sqliteTotals } from "@/lib/server/mirror/sqlite-mirror-totals";
import { sqliteRowReads } from "@/lib/server/mirror/sqlite-mirror-reads";
import { sqliteSetPrices } from "@/lib/server/mirror/sqlite-mirror-set-prices";
import {
  MIRROR_SCHEMA_BEFORE_SET_PRICES,
  MIRROR_SCHEMA_BEFORE_TOTALS,
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
    const kept = [MIRROR_SCHEMA_VERSION, MIRROR_SCHEMA_BEFORE_SET_PRICES, MIRROR_SCHEMA_BEFORE_TOTALS];
    if (!kept.includes(version)) for (const table of MIRROR_TABLES) db.exec(`DROP TABLE IF EXISTS ${table}`);
    db.exec(SQLITE_MIRROR_SCHEMA);
    if (version === MIRROR_SCHEMA_BEFORE_TOTALS) sqliteTotals(db).sumAll();
    db.pragma(`user_version = ${MIRROR_SCHEMA_VERSION}`);
  }).immediate();

  const ms = (d: Date) => d.getTime();
  const tx = <A extends unknown[], R>(work: (...args: A) => R) => db.transaction(work).immediate;
  const inList = (ids: readonly string[]) => ids.map(() => "?").join(", ");
  const record = (accountId: string) =>
    db.prepare<[string], SyncRow>("SELECT * FROM mirror_sync WHERE account_id = ?").get(accountId);

  const { writeResult } = sqliteWrites(db);

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

  const figures = sqliteFigures(db);
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
        groups: of("mirror_groups"),
        tasks: of("mirror_tasks"),
      };
    },
    ...figures,
    ...figureViews(figures.paceFigures),
    ...sqliteRowReads(db),
    ...sqliteCurves(db),
    ...sqliteByListing(db),
    ...sqliteGroups(db),
    ...sqliteSetPrices(db),
    async forget(accountId) {
      forget(accountId);
    },
    async close() {
      db.close();
    },
  };
}
