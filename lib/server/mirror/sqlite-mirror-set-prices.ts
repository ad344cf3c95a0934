import type Database from "better-sqlite3";
import { addDays } from "@/lib/format/dates";
import { setPricesOf as rowOf, type SetPricesRow } from "@/lib/server/mirror/mirror-rows-set-prices";
import {
  TASK_RANK,
  type MirrorGroup,
  type MirrorStore,
  type SetPricesDay,
} from "@/lib/server/mirror/mirror-store";
import { paidSetIds, SET_PRICES_DAYS } from "@/lib/server/mirror/set-prices";

/**
 * The paid sets' daily comps' prices on SQLite (sqlite-mirror.ts). The groups read plans them:
 * a task per paid set, due now when new; a set gone or no longer paid loses its task and rows.
 */
export function planSqliteSetPrices(
  db: Database.Database,
  accountId: string,
  groups: readonly MirrorGroup[],
  now: number,
) {
  const paid = paidSetIds(groups);
  const insert = db.prepare(
    `INSERT INTO mirror_tasks (account_id, kind, subject, rank, seq, due_at_ms) VALUES (?, 'set_prices', ?, ?, ?, ?)
     ON CONFLICT (account_id, kind, subject) DO UPDATE SET seq = excluded.seq`,
  );
  paid.forEach((setId, seq) => insert.run(accountId, setId, TASK_RANK.set_prices, seq, now));
  const held = db
    .prepare<[string], { subject: string }>(
      "SELECT subject FROM mirror_tasks WHERE account_id = ? AND kind = 'set_prices'",
    )
    .all(accountId)
    .map((r) => r.subject);
  for (const setId of held.filter((id) => !paid.includes(id))) {
    db.prepare("DELETE FROM mirror_tasks WHERE account_id = ? AND kind = 'set_prices' AND subject = ?").run(
      accountId,
      setId,
    );
    db.prepare("DELETE FROM mirror_set_prices WHERE account_id = ? AND set_id = ?").run(accountId, setId);
  }
}

/** The day's figure replaces the day's row; days older than SET_PRICES_DAYS leave. */
export function writeSqliteSetPrices(
  db: Database.Database,
  accountId: string,
  setId: string,
  p: SetPricesDay,
  readAt: string,
) {
  db.prepare(
    `INSERT OR REPLACE INTO mirror_set_prices (account_id, set_id, day, currency, median, comps, nights, read_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(accountId, setId, p.day, p.currency, p.median, p.comps, p.nights, readAt);
  db.prepare("DELETE FROM mirror_set_prices WHERE account_id = ? AND set_id = ? AND day <= ?").run(
    accountId,
    setId,
    addDays(p.day, -SET_PRICES_DAYS),
  );
}

export function sqliteSetPrices(db: Database.Database): Pick<MirrorStore, "setPrices"> {
  return {
    async setPrices(accountId, setId) {
      return db
        .prepare<[string, string], SetPricesRow>(
          `SELECT set_id, day, currency, median, comps, nights, read_at FROM mirror_set_prices
           WHERE account_id = ? AND set_id = ? ORDER BY day DESC`,
        )
        .all(accountId, setId)
        .map(rowOf);
    },
  };
}
