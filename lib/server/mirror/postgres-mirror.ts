import pg, { type Pool } from "pg";
import {
  errorText,
  listingOf,
  flagsOf,
  marketSeriesOf,
  newClaimToken,
  nightOf,
  reservationOf,
  syncRecordOf,
  taskOf,
  type ListingRow,
  type FlagsRow,
  type MarketSeriesRow,
  type NightRow,
  type ReservationRow,
  type SyncRow,
  type TaskRow,
  readsOf,
} from "@/lib/server/mirror/mirror-rows";
import { LISTING_KINDS, TASK_RANK, type MirrorStore } from "@/lib/server/mirror/mirror-store";
import { MIRROR_TABLES } from "@/lib/server/mirror/sqlite-mirror-schema";
import { figureViews } from "@/lib/server/mirror/figure-views";
import { postgresFigures } from "@/lib/server/mirror/postgres-mirror-figures";
import { postgresCurves } from "@/lib/server/mirror/postgres-mirror-curves";
import { postgresByListing } from "@/lib/server/mirror/postgres-mirror-by-listing";
import { writeResult } from "@/lib/server/mirror/postgres-mirror-writes";
import { postgresSetPrices } from "@/lib/server/mirror/postgres-mirror-set-prices";
import { postgresGroups } from "@/lib/server/mirror/postgres-mirror-groups";
import { migrate } from "@/lib/server/postgres-schema";
import { inTransaction, retryingStaleConnections } from "@/lib/server/postgres-support";

/**
 * The mirror on PostgreSQL, in the dashboard's database (migration 3 of postgres-schema.ts),
 * shared by every instance. Claims lock the rows they take (`FOR UPDATE SKIP LOCKED`), so
 * instances claiming together each get other tasks; a lease outlives a killed instance only
 * until it runs out. Rows are written with arrays (`unnest`): a year of nights is one statement.
 */
export async function openPostgresMirror(options: { url: string; poolSize: number }): Promise<MirrorStore> {
  const pool = retryingStaleConnections(
    new pg.Pool({ connectionString: options.url, max: options.poolSize, idleTimeoutMillis: 30_000 }),
  );
  pool.on("error", (error) =>
    console.error("An idle PostgreSQL connection of the mirror failed:", error.message),
  );
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  return postgresMirror(pool);
}

function postgresMirror(pool: Pool): MirrorStore {
  const one = async <R extends pg.QueryResultRow>(text: string, values: unknown[]) =>
    (await pool.query<R>(text, values)).rows[0];
  const count = async (text: string, values: unknown[]) => (await one<{ n: number }>(text, values))!.n;
  const figures = postgresFigures(pool);
  const record = (accountId: string) =>
    one<SyncRow>("SELECT * FROM mirror_sync WHERE account_id = $1", [accountId]);

  return {
    async startSync(accountId, label, now = new Date()) {
      await inTransaction(pool, async (c) => {
        await c.query(
          `INSERT INTO mirror_sync (account_id, label, started_at) VALUES ($1, $2, $3)
           ON CONFLICT (account_id) DO UPDATE SET label = excluded.label, paused = false, stopped_reason = NULL, wait_until_ms = NULL`,
          [accountId, label, now],
        );
        await c.query(
          `INSERT INTO mirror_tasks (account_id, kind, subject, rank, seq, due_at_ms) VALUES ($1, 'listings', '', $2, 0, $3)
           ON CONFLICT (account_id, kind, subject) DO UPDATE SET due_at_ms = LEAST(mirror_tasks.due_at_ms, excluded.due_at_ms)`,
          [accountId, TASK_RANK.listings, now.getTime()],
        );
      });
      return syncRecordOf((await record(accountId))!);
    },
    async syncRecord(accountId) {
      const row = await record(accountId);
      return row ? syncRecordOf(row) : null;
    },
    async syncAccounts() {
      const { rows } = await pool.query<{ account_id: string }>(
        "SELECT account_id FROM mirror_sync ORDER BY account_id",
      );
      return rows.map((r) => r.account_id);
    },
    async setPaused(accountId, paused) {
      return (
        ((await pool.query("UPDATE mirror_sync SET paused = $2 WHERE account_id = $1", [accountId, paused]))
          .rowCount ?? 0) > 0
      );
    },
    async stopSync(accountId, reason, now = new Date()) {
      const text = errorText(reason);
      await pool.query(
        "UPDATE mirror_sync SET stopped_reason = $2, last_error = $2, last_error_at = $3 WHERE account_id = $1",
        [accountId, text, now],
      );
    },
    async waitUntil(accountId, until) {
      await pool.query("UPDATE mirror_sync SET wait_until_ms = $2 WHERE account_id = $1", [
        accountId,
        until.getTime(),
      ]);
    },
    async noteEvent(accountId, at) {
      await pool.query(
        "UPDATE mirror_sync SET last_event_at = $2 WHERE account_id = $1 AND (last_event_at IS NULL OR last_event_at < $2)",
        [accountId, at],
      );
    },
    async storeKey(accountId, sealed, last4, now = new Date()) {
      const result = await pool.query(
        "UPDATE mirror_sync SET stored_key = $2, stored_key_last4 = $3, stored_key_at = $4 WHERE account_id = $1",
        [accountId, sealed, last4, now],
      );
      return (result.rowCount ?? 0) > 0;
    },
    async sealedKey(accountId) {
      const row = await one<{ stored_key: Buffer | null }>(
        "SELECT stored_key FROM mirror_sync WHERE account_id = $1",
        [accountId],
      );
      return row?.stored_key ?? null;
    },
    async eraseKey(accountId) {
      await pool.query(
        "UPDATE mirror_sync SET stored_key = NULL, stored_key_last4 = NULL, stored_key_at = NULL WHERE account_id = $1",
        [accountId],
      );
    },
    async claimTasks(accountId, limit, leaseMs, now = new Date()) {
      const at = now.getTime();
      const { rows } = await pool.query<TaskRow>(
        `WITH picked AS (
           SELECT account_id, kind, subject FROM mirror_tasks
           WHERE account_id = $1 AND due_at_ms <= $2 AND (lease_until_ms IS NULL OR lease_until_ms <= $2)
           ORDER BY rank, due_at_ms DESC, seq LIMIT $3 FOR UPDATE SKIP LOCKED)
         UPDATE mirror_tasks t SET lease_until_ms = $2 + $4, claimed_at_ms = $2, claim_token = $5 || t.kind || ':' || t.subject
         FROM picked WHERE t.account_id = picked.account_id AND t.kind = picked.kind AND t.subject = picked.subject
         RETURNING t.account_id, t.kind, t.subject, t.done_at_ms, t.attempts, t.claim_token, t.rank, t.due_at_ms, t.seq`,
        [accountId, at, limit, leaseMs, newClaimToken()],
      );
      const ordered = (rows as Array<TaskRow & { rank: number; due_at_ms: string; seq: number }>).sort(
        (a, b) => a.rank - b.rank || Number(b.due_at_ms) - Number(a.due_at_ms) || a.seq - b.seq,
      );
      return ordered.map(taskOf);
    },
    async finishTask(task, outcome, freshForMs, now = new Date()) {
      return inTransaction(pool, async (c) => {
        const held = (
          await c.query<{ claimed_at_ms: string; due_at_ms: string }>(
            `SELECT claimed_at_ms, due_at_ms FROM mirror_tasks
             WHERE account_id = $1 AND kind = $2 AND subject = $3 AND claim_token = $4 FOR UPDATE`,
            [task.accountId, task.kind, task.subject, task.claimToken],
          )
        ).rows[0];
        if (!held) return false;
        const key = [task.accountId, task.kind, task.subject];
        if (outcome.ok) {
          await writeResult(c, task, outcome.result, now, now.getTime());
          const dueAgain =
            Number(held.due_at_ms) > Number(held.claimed_at_ms)
              ? Number(held.due_at_ms)
              : now.getTime() + freshForMs;
          await c.query(
            `UPDATE mirror_tasks SET done_at_ms = $4, due_at_ms = $5, lease_until_ms = NULL, claimed_at_ms = NULL, claim_token = NULL,
               attempts = 0, last_error = NULL WHERE account_id = $1 AND kind = $2 AND subject = $3`,
            [...key, now.getTime(), dueAgain],
          );
          await c.query(
            "UPDATE mirror_sync SET requests_spent = requests_spent + $2, last_read_at = $3 WHERE account_id = $1",
            [task.accountId, outcome.requests, now],
          );
        } else {
          const error = errorText(outcome.error);
          await c.query(
            `UPDATE mirror_tasks SET due_at_ms = $4, lease_until_ms = NULL, claimed_at_ms = NULL, claim_token = NULL,
               attempts = attempts + 1, last_error = $5 WHERE account_id = $1 AND kind = $2 AND subject = $3`,
            [...key, outcome.retryAt.getTime(), error],
          );
          await c.query(
            "UPDATE mirror_sync SET requests_spent = requests_spent + $2, last_error = $3, last_error_at = $4 WHERE account_id = $1",
            [task.accountId, outcome.requests, error, now],
          );
        }
        return true;
      });
    },
    async markDue(accountId, kind, listingIds, now = new Date()) {
      if (listingIds.length === 0) return 0;
      const result = await pool.query(
        "UPDATE mirror_tasks SET due_at_ms = $4 WHERE account_id = $1 AND kind = $2 AND subject = ANY($3::text[])",
        [accountId, kind, listingIds, now.getTime()],
      );
      return result.rowCount ?? 0;
    },
    async accountsHolding(listingIds) {
      if (listingIds.length === 0) return [];
      const { rows } = await pool.query<{ account_id: string }>(
        "SELECT DISTINCT account_id FROM mirror_listings WHERE listing_id = ANY($1::text[]) ORDER BY account_id",
        [listingIds],
      );
      return rows.map((r) => r.account_id);
    },
    async progress(accountId, now = new Date()) {
      const row = await one<{ total: number; synced: number; due: number; never: number; read: boolean }>(
        `SELECT
           (SELECT count(*)::int FROM mirror_listings WHERE account_id = $1) AS total,
           (SELECT count(*)::int FROM mirror_listings l WHERE l.account_id = $1 AND NOT EXISTS (
              SELECT 1 FROM mirror_tasks t WHERE t.account_id = l.account_id AND t.subject = l.listing_id
                AND t.kind = ANY($3::text[]) AND t.done_at_ms IS NULL)) AS synced,
           (SELECT count(*)::int FROM mirror_tasks WHERE account_id = $1 AND due_at_ms <= $2) AS due,
           (SELECT count(*)::int FROM mirror_tasks WHERE account_id = $1 AND done_at_ms IS NULL) AS never,
           EXISTS (SELECT 1 FROM mirror_tasks WHERE account_id = $1 AND kind = 'listings' AND done_at_ms IS NOT NULL) AS read`,
        [accountId, now.getTime(), LISTING_KINDS],
      );
      return {
        listingsTotal: row!.total,
        listingsSynced: row!.synced,
        tasksDue: row!.due,
        tasksNeverDone: row!.never,
        listingsRead: row!.read,
        reads: readsOf(
          (
            await pool.query<{ kind: string; total: number; done: number }>(
              "SELECT kind, count(*)::int AS total, count(done_at_ms)::int AS done FROM mirror_tasks WHERE account_id = $1 GROUP BY kind",
              [accountId],
            )
          ).rows,
        ),
      };
    },
    async counts(accountId) {
      const of = (table: string) =>
        count(`SELECT count(*)::int AS n FROM ${table} WHERE account_id = $1`, [accountId]);
      return {
        listings: await of("mirror_listings"),
        reservations: await of("mirror_reservations"),
        nights: await of("mirror_nights"),
        flags: await of("mirror_flags"),
        marketSeries: await of("mirror_market_series"),
        groups: await of("mirror_groups"),
        tasks: await of("mirror_tasks"),
      };
    },
    async listings(accountId) {
      const { rows } = await pool.query<ListingRow>(
        "SELECT * FROM mirror_listings WHERE account_id = $1 ORDER BY seq",
        [accountId],
      );
      return rows.map(listingOf);
    },
    async reservations(accountId, listingId) {
      const { rows } = await pool.query<ReservationRow>(
        "SELECT * FROM mirror_reservations WHERE account_id = $1 AND listing_id = $2 ORDER BY check_in, reservation_id",
        [accountId, listingId],
      );
      return rows.map(reservationOf);
    },
    async nights(accountId, listingId) {
      const { rows } = await pool.query<NightRow>(
        "SELECT * FROM mirror_nights WHERE account_id = $1 AND listing_id = $2 ORDER BY date",
        [accountId, listingId],
      );
      return rows.map(nightOf);
    },
    async flags(accountId) {
      const { rows } = await pool.query<FlagsRow>(
        "SELECT listing_id, body, read_at FROM mirror_flags WHERE account_id = $1 ORDER BY listing_id",
        [accountId],
      );
      return rows.map(flagsOf);
    },
    async marketSeries(accountId, marketId) {
      const { rows } = await pool.query<MarketSeriesRow>(
        "SELECT bedrooms, body, read_at FROM mirror_market_series WHERE account_id = $1 AND market_id = $2 ORDER BY bedrooms",
        [accountId, marketId],
      );
      return rows.map(marketSeriesOf);
    },
    ...figures,
    ...figureViews(figures.paceFigures),
    ...postgresCurves(pool),
    ...postgresByListing(pool),
    ...postgresGroups(pool),
    ...postgresSetPrices(pool),
    async forget(accountId) {
      await inTransaction(pool, async (c) => {
        for (const table of MIRROR_TABLES)
          await c.query(`DELETE FROM ${table} WHERE account_id = $1`, [accountId]);
      });
    },
    async close() {
      await pool.end();
    },
  };
}
