import pg, { type Pool } from "pg";
import {
  ALERTS_LISTED,
  newAlertId,
  newRuleId,
  type Alert,
  type AlertsStore,
} from "@/lib/server/alerts/alerts-store";
import { alertOf, ruleOf, type AlertRow, type RuleRow } from "@/lib/server/alerts/alert-rows";
import { migrate } from "@/lib/server/postgres-schema";
import { inTransaction, retryingStaleConnections } from "@/lib/server/postgres-support";

/**
 * Alert rules and alerts on PostgreSQL, the database every instance shares (migration 7 of
 * `postgres-schema.ts`), on a small pool of their own. Firing is `INSERT ... ON CONFLICT DO
 * NOTHING` on the standing alerts' unique index: two instances evaluating the same change at
 * once fire one alert, and only the instance whose row went in reports it.
 */
export async function openPostgresAlerts(options: { url: string; poolSize: number }): Promise<AlertsStore> {
  const pool = retryingStaleConnections(
    new pg.Pool({ connectionString: options.url, max: options.poolSize, idleTimeoutMillis: 30_000 }),
  );
  pool.on("error", (error) =>
    console.error("An idle PostgreSQL connection of the alerts failed:", error.message),
  );
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  return postgresAlerts(pool);
}

function postgresAlerts(pool: Pool): AlertsStore {
  const json = (value: unknown) => JSON.stringify(value);
  const readRule = async (accountId: string, id: string) => {
    const { rows } = await pool.query<RuleRow>(
      "SELECT * FROM alert_rules WHERE account_id = $1 AND id = $2",
      [accountId, id],
    );
    return rows[0] ? ruleOf(rows[0]) : null;
  };
  const wake = async (accountId: string, now: Date) =>
    (
      await pool.query(
        `UPDATE alerts SET state = 'open', snoozed_until = NULL
         WHERE account_id = $1 AND state = 'snoozed' AND snoozed_until <= $2`,
        [accountId, now],
      )
    ).rowCount ?? 0;
  const oneAlert = async (text: string, values: unknown[]) => {
    const { rows } = await pool.query<AlertRow>(text, values);
    return rows[0] ? alertOf(rows[0]) : null;
  };

  return {
    async createRule(accountId, rule, paused = false, now = new Date()) {
      const { rows } = await pool.query<RuleRow>(
        `INSERT INTO alert_rules (id, account_id, kind, scope, params, delivery, paused, created_at, updated_at)
         VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6::jsonb, $7, $8, $8) RETURNING *`,
        [
          newRuleId(),
          accountId,
          rule.kind,
          json(rule.scope),
          json(rule.params),
          json(rule.delivery),
          paused,
          now,
        ],
      );
      return ruleOf(rows[0]!)!;
    },
    async listRules(accountId) {
      const { rows } = await pool.query<RuleRow>(
        "SELECT * FROM alert_rules WHERE account_id = $1 ORDER BY created_at, id",
        [accountId],
      );
      return rows.flatMap((r) => ruleOf(r) ?? []);
    },
    findRule: readRule,
    async updateRule(accountId, ruleId, rule, paused, now = new Date()) {
      const { rows } = await pool.query<RuleRow>(
        `UPDATE alert_rules SET kind = $3, scope = $4::jsonb, params = $5::jsonb, delivery = $6::jsonb,
           paused = $7, updated_at = $8
         WHERE account_id = $1 AND id = $2 RETURNING *`,
        [accountId, ruleId, rule.kind, json(rule.scope), json(rule.params), json(rule.delivery), paused, now],
      );
      return rows[0] ? ruleOf(rows[0]) : null;
    },
    async deleteRule(accountId, ruleId) {
      return inTransaction(pool, async (client) => {
        await client.query("DELETE FROM alerts WHERE account_id = $1 AND rule_id = $2", [accountId, ruleId]);
        const deleted = await client.query("DELETE FROM alert_rules WHERE account_id = $1 AND id = $2", [
          accountId,
          ruleId,
        ]);
        return (deleted.rowCount ?? 0) > 0;
      });
    },
    async accountsWithRules() {
      const { rows } = await pool.query<{ account_id: string }>(
        "SELECT DISTINCT account_id FROM alert_rules WHERE NOT paused ORDER BY account_id",
      );
      return rows.map((r) => r.account_id);
    },
    async fire(accountId, alerts, now = new Date()) {
      if (alerts.length === 0) return [];
      // One statement for the batch: the rows that went in come back, the rest met a standing alert.
      const { rows } = await pool.query<AlertRow>(
        `INSERT INTO alerts (id, account_id, rule_id, listing_id, period, fired_at, measured, against, why, state)
         SELECT a.id, $1, a.rule_id, a.listing_id, a.period, $2, a.measured, a.against, a.why, 'open'
         FROM jsonb_to_recordset($3::jsonb) AS a(id text, rule_id text, listing_id text, period text,
           measured jsonb, against jsonb, why text)
         ON CONFLICT (rule_id, listing_id, period) WHERE cleared_at IS NULL DO NOTHING
         RETURNING *`,
        [
          accountId,
          now,
          json(
            alerts.map((a) => ({
              id: newAlertId(),
              rule_id: a.ruleId,
              listing_id: a.listingId,
              period: a.period ?? "",
              measured: a.measured,
              against: a.against,
              why: a.why,
            })),
          ),
        ],
      );
      return rows.map(alertOf).sort((a, b) => a.listingId.localeCompare(b.listingId)) satisfies Alert[];
    },
    async standing(accountId, ruleId) {
      const { rows } = await pool.query<{ listing_id: string; period: string }>(
        "SELECT listing_id, period FROM alerts WHERE account_id = $1 AND rule_id = $2 AND cleared_at IS NULL",
        [accountId, ruleId],
      );
      return rows.map((r) => ({ listingId: r.listing_id, period: r.period === "" ? null : r.period }));
    },
    async clear(accountId, ruleId, keys, now = new Date()) {
      if (keys.length === 0) return 0;
      const result = await pool.query(
        `UPDATE alerts SET state = 'resolved', cleared_at = $3, snoozed_until = NULL
         FROM jsonb_to_recordset($4::jsonb) AS k(listing_id text, period text)
         WHERE alerts.account_id = $1 AND alerts.rule_id = $2 AND alerts.listing_id = k.listing_id
           AND alerts.period = k.period AND alerts.cleared_at IS NULL`,
        [
          accountId,
          ruleId,
          now,
          json(keys.map((k) => ({ listing_id: k.listingId, period: k.period ?? "" }))),
        ],
      );
      return result.rowCount ?? 0;
    },
    async listAlerts(accountId, filter = {}, now = new Date()) {
      await wake(accountId, now);
      const { rows } = await pool.query<AlertRow>(
        `SELECT * FROM alerts WHERE account_id = $1 AND ($2::text IS NULL OR state = $2)
           AND ($3::text IS NULL OR rule_id = $3) AND ($4::text IS NULL OR listing_id = $4)
         ORDER BY fired_at DESC, id LIMIT $5`,
        [
          accountId,
          filter.state ?? null,
          filter.ruleId ?? null,
          filter.listingId ?? null,
          filter.limit ?? ALERTS_LISTED,
        ],
      );
      return rows.map(alertOf);
    },
    async findAlert(accountId, alertId, now = new Date()) {
      await wake(accountId, now);
      return oneAlert("SELECT * FROM alerts WHERE account_id = $1 AND id = $2", [accountId, alertId]);
    },
    async snooze(accountId, alertId, until, now = new Date()) {
      await wake(accountId, now);
      return oneAlert(
        `UPDATE alerts SET state = 'snoozed', snoozed_until = $3
         WHERE account_id = $1 AND id = $2 AND state IN ('open', 'snoozed') RETURNING *`,
        [accountId, alertId, until],
      );
    },
    async resolve(accountId, alertId, now = new Date()) {
      await wake(accountId, now);
      return oneAlert(
        `UPDATE alerts SET state = 'resolved', snoozed_until = NULL
         WHERE account_id = $1 AND id = $2 AND state IN ('open', 'snoozed') RETURNING *`,
        [accountId, alertId],
      );
    },
    wakeSnoozed: (accountId, now = new Date()) => wake(accountId, now),
    async close() {
      await pool.end();
    },
  };
}
