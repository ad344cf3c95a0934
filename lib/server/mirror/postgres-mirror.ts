import pg, { type Pool, type PoolClient } from "pg";
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
  type TaskResult,
} from "@/lib/server/mirror/mirror-store";
import { MIRROR_TABLES } from "@/lib/server/mirror/sqlite-mirror-schema";
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

const json = (value: unknown) => JSON.stringify(value);

async function writeListings(
  c: PoolClient,
  accountId: string,
  listings: TaskResult & { kind: "listings" },
  readAt: Date,
  now: number,
) {
  const rows = listings.listings;
  await c.query(
    `INSERT INTO mirror_listings (account_id, listing_id, channel, channel_listing_id, name, market_id, bedrooms, currency,
       hidden, seq, body, read_at)
     SELECT $1, u.*, $11::timestamptz
     FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::float8[], $8::text[], $12::bool[], $9::int[],
       $10::jsonb[]) AS u
     ON CONFLICT (account_id, listing_id) DO UPDATE SET channel = excluded.channel, channel_listing_id = excluded.channel_listing_id,
       name = excluded.name, market_id = excluded.market_id, bedrooms = excluded.bedrooms, currency = excluded.currency,
       hidden = excluded.hidden,
       seq = excluded.seq, body = excluded.body, read_at = excluded.read_at`,
    [
      accountId,
      rows.map((l) => l.listingId),
      rows.map((l) => l.channel),
      rows.map((l) => l.channelListingId),
      rows.map((l) => l.name),
      rows.map((l) => l.marketId),
      rows.map((l) => l.bedrooms),
      rows.map((l) => l.currency),
      rows.map((_, i) => i),
      rows.map((l) => json(l.body)),
      readAt,
      rows.map((l) => l.hidden),
    ],
  );
  const ids = rows.map((l) => l.listingId);
  // Listings the account no longer reaches leave with everything read for them.
  for (const table of ["mirror_listings", "mirror_reservations", "mirror_nights", "mirror_flags"])
    await c.query(`DELETE FROM ${table} WHERE account_id = $1 AND NOT (listing_id = ANY($2::text[]))`, [
      accountId,
      ids,
    ]);
  const wanted = tasksForListings(rows);
  const markets = wanted.filter((t) => t.kind === "market").map((t) => t.subject);
  await c.query(
    `DELETE FROM mirror_tasks WHERE account_id = $1 AND kind <> 'listings'
       AND NOT ((kind = 'market' AND subject = ANY($3::text[])) OR (kind <> 'market' AND subject = ANY($2::text[])))`,
    [accountId, ids, markets],
  );
  await c.query(
    "DELETE FROM mirror_market_series WHERE account_id = $1 AND NOT (market_id = ANY($2::text[]))",
    [accountId, markets],
  );
  await c.query(
    `INSERT INTO mirror_tasks (account_id, kind, subject, rank, seq, due_at_ms)
     SELECT $1, * , $6::bigint FROM unnest($2::text[], $3::text[], $4::int[], $5::int[])
     ON CONFLICT (account_id, kind, subject) DO UPDATE SET seq = excluded.seq`,
    [
      accountId,
      wanted.map((t) => t.kind),
      wanted.map((t) => t.subject),
      wanted.map((t) => t.rank),
      wanted.map((t) => t.seq),
      now,
    ],
  );
}

async function writeResult(c: PoolClient, task: SyncTask, result: TaskResult, readAt: Date, now: number) {
  const { accountId, subject } = task;
  switch (result.kind) {
    case "listings":
      return writeListings(c, accountId, result, readAt, now);
    case "reservations": {
      const r = result.reservations;
      await c.query("DELETE FROM mirror_reservations WHERE account_id = $1 AND listing_id = $2", [
        accountId,
        subject,
      ]);
      await c.query(
        `INSERT INTO mirror_reservations (account_id, listing_id, reservation_id, status, check_in, check_out, stay_days, nights,
           booked_at, canceled_at, currency, nightly_subtotal, body, read_at)
         SELECT $1, $2, * , $14::timestamptz FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $13::int[], $7::int[],
           $8::timestamptz[], $9::timestamptz[], $10::text[], $11::float8[], $12::jsonb[])
         ON CONFLICT DO NOTHING`,
        [
          accountId,
          subject,
          r.map((x) => x.reservationId),
          r.map((x) => x.status),
          r.map((x) => x.checkIn),
          r.map((x) => x.checkOut),
          r.map((x) => x.nights),
          r.map((x) => x.bookedAt),
          r.map((x) => x.canceledAt),
          r.map((x) => x.currency),
          r.map((x) => x.nightlySubtotal),
          r.map((x) => json(x.body)),
          r.map(stayDays),
          readAt,
        ],
      );
      return;
    }
    case "nights": {
      const n = result.nights;
      await c.query("DELETE FROM mirror_nights WHERE account_id = $1 AND listing_id = $2", [
        accountId,
        subject,
      ]);
      await c.query(
        `INSERT INTO mirror_nights (account_id, listing_id, currency, read_at, date, price, recommended_price, min_stay, booked, blocked, body)
         SELECT $1, $2, $3, $4::timestamptz, * FROM unnest($5::text[], $6::float8[], $7::float8[], $8::int[], $9::bool[], $10::bool[], $11::jsonb[])
         ON CONFLICT DO NOTHING`,
        [
          accountId,
          subject,
          result.currency,
          readAt,
          n.map((x) => x.date),
          n.map((x) => x.price),
          n.map((x) => x.recommendedPrice),
          n.map((x) => x.minStay),
          n.map((x) => x.booked),
          n.map((x) => x.blocked),
          n.map((x) => json(x.body)),
        ],
      );
      return;
    }
    case "flags":
      await c.query(
        `INSERT INTO mirror_flags (account_id, listing_id, body, read_at) VALUES ($1, $2, $3::jsonb, $4)
         ON CONFLICT (account_id, listing_id) DO UPDATE SET body = excluded.body, read_at = excluded.read_at`,
        [accountId, subject, json(result.flags), readAt],
      );
      return;
    case "market":
      await c.query("DELETE FROM mirror_market_series WHERE account_id = $1 AND market_id = $2", [
        accountId,
        subject,
      ]);
      await c.query(
        `INSERT INTO mirror_market_series (account_id, market_id, bedrooms, body, read_at)
         SELECT $1, $2, * , $5::timestamptz FROM unnest($3::text[], $4::jsonb[]) ON CONFLICT DO NOTHING`,
        [
          accountId,
          subject,
          result.series.map((s) => s.bedrooms),
          result.series.map((s) => json(s.body)),
          readAt,
        ],
      );
      return;
  }
}

function postgresMirror(pool: Pool): MirrorStore {
  const one = async <R extends pg.QueryResultRow>(text: string, values: unknown[]) =>
    (await pool.query<R>(text, values)).rows[0];
  const count = async (text: string, values: unknown[]) => (await one<{ n: number }>(text, values))!.n;
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
    async stayFigures(accountId, periods, at) {
      const longest =
        (
          await one<{ longest: number | null }>(
            "SELECT MAX(stay_days) AS longest FROM mirror_reservations WHERE account_id = $1",
            [accountId],
          )
        )?.longest ?? 0;
      const overlap = "(LEAST(check_out, $3)::date - GREATEST(check_in, $2)::date)";
      return Promise.all(
        periods.map(async ({ from, to }) => {
          const { rows } = await pool.query<{
            currency: string | null;
            nights: string;
            revenue: number;
            unpriced: string;
          }>(
            `SELECT currency, SUM(${overlap}) AS nights,
               SUM(CASE WHEN nightly_subtotal IS NULL THEN 0 ELSE nightly_subtotal * ${overlap} / stay_days END)::float8 AS revenue,
               SUM(CASE WHEN nightly_subtotal IS NULL THEN ${overlap} ELSE 0 END) AS unpriced
             FROM mirror_reservations r
             WHERE account_id = $1 AND check_in >= $4 AND check_in < $3 AND check_out > $2 AND stay_days > 0
               AND listing_id NOT IN (SELECT listing_id FROM mirror_listings WHERE account_id = $1 AND hidden)
               AND ${STANDING(at === undefined ? null : "$5::timestamptz")}
             GROUP BY currency ORDER BY currency`,
            [accountId, from, to, lookBack(from, longest), ...(at === undefined ? [] : [at])],
          );
          return rows.map((r) => ({
            currency: r.currency,
            nights: Number(r.nights),
            revenue: Number(r.revenue),
            nightsWithoutRevenue: Number(r.unpriced),
          }));
        }),
      );
    },
    async calendars(accountId, listingIds, range) {
      if (listingIds.length === 0) return [];
      const { rows } = await pool.query<{
        listing_id: string;
        currency: string | null;
        body: unknown;
        read_at: Date;
      }>(
        `SELECT listing_id, currency, body, read_at FROM mirror_nights
         WHERE account_id = $1 AND listing_id = ANY($2::text[]) AND date >= $3 AND date <= $4
         ORDER BY listing_id, date`,
        [accountId, listingIds, range.from, range.to],
      );
      return calendarsOf(rows, range);
    },
    async coverage(accountId) {
      const { rows } = await pool.query<{
        currency: string | null;
        total: number;
        listings: number;
        oldest: string | null;
      }>(
        `SELECT l.currency, count(*)::int AS total, count(t.done_at_ms)::int AS listings, MIN(t.done_at_ms) AS oldest
         FROM mirror_listings l LEFT JOIN mirror_tasks t ON t.account_id = l.account_id AND t.subject = l.listing_id
           AND t.kind = 'reservations' AND t.done_at_ms IS NOT NULL
         WHERE l.account_id = $1 AND NOT l.hidden GROUP BY l.currency ORDER BY l.currency`,
        [accountId],
      );
      return rows.map((r) => ({
        currency: r.currency,
        listings: r.listings,
        total: r.total,
        oldestRead: r.oldest === null ? null : new Date(Number(r.oldest)).toISOString(),
      }));
    },
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
