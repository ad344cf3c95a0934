import type { Pool, PoolClient } from "pg";
import { addDays } from "@/lib/format/dates";
import { setPricesOf, type SetPricesRow } from "@/lib/server/mirror/mirror-rows-set-prices";
import {
  TASK_RANK,
  type MirrorGroup,
  type MirrorStore,
  type SetPricesDay,
} from "@/lib/server/mirror/mirror-store";
import { paidSetIds, SET_PRICES_DAYS } from "@/lib/server/mirror/set-prices";

/**
 * The paid sets' daily comps' prices on PostgreSQL (postgres-mirror.ts). The groups read plans
 * them: a task per paid set, due now when new; a set gone or no longer paid loses its task and rows.
 */
export async function planPostgresSetPrices(
  c: PoolClient,
  accountId: string,
  groups: readonly MirrorGroup[],
  now: number,
) {
  const paid = paidSetIds(groups);
  await c.query(
    `INSERT INTO mirror_tasks (account_id, kind, subject, rank, seq, due_at_ms)
     SELECT $1, 'set_prices', s.subject, $3, s.seq - 1, $4::bigint FROM unnest($2::text[]) WITH ORDINALITY AS s(subject, seq)
     ON CONFLICT (account_id, kind, subject) DO UPDATE SET seq = excluded.seq`,
    [accountId, paid, TASK_RANK.set_prices, now],
  );
  await c.query(
    "DELETE FROM mirror_tasks WHERE account_id = $1 AND kind = 'set_prices' AND NOT (subject = ANY($2::text[]))",
    [accountId, paid],
  );
  await c.query("DELETE FROM mirror_set_prices WHERE account_id = $1 AND NOT (set_id = ANY($2::text[]))", [
    accountId,
    paid,
  ]);
}

/** The day's figure replaces the day's row; days older than SET_PRICES_DAYS leave. */
export async function writePostgresSetPrices(
  c: PoolClient,
  accountId: string,
  setId: string,
  p: SetPricesDay,
  readAt: Date,
) {
  await c.query(
    `INSERT INTO mirror_set_prices (account_id, set_id, day, currency, median, comps, nights, read_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (account_id, set_id, day) DO UPDATE SET currency = excluded.currency, median = excluded.median,
       comps = excluded.comps, nights = excluded.nights, read_at = excluded.read_at`,
    [accountId, setId, p.day, p.currency, p.median, p.comps, p.nights, readAt],
  );
  await c.query("DELETE FROM mirror_set_prices WHERE account_id = $1 AND set_id = $2 AND day <= $3", [
    accountId,
    setId,
    addDays(p.day, -SET_PRICES_DAYS),
  ]);
}

export function postgresSetPrices(pool: Pool): Pick<MirrorStore, "setPrices"> {
  return {
    async setPrices(accountId, setId) {
      const { rows } = await pool.query<SetPricesRow>(
        `SELECT set_id, day, currency, median, comps, nights, read_at FROM mirror_set_prices
         WHERE account_id = $1 AND set_id = $2 ORDER BY day DESC`,
        [accountId, setId],
      );
      return rows.map(setPricesOf);
    },
  };
}
