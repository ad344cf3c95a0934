import {
  ALERTS_LISTED,
  newAlertId,
  newRuleId,
  type Alert,
  type AlertsStore,
} from "@/lib/server/alerts/alerts-store";
import { alertOf, ruleOf, type AlertRow, type RuleRow } from "@/lib/server/alerts/alert-rows";
import { openDashboardFile } from "@/lib/server/sqlite-schema";

/**
 * Alert rules and alerts on SQLite, in the dashboard's own file (`<DATA_DIR>/dashboard.db`,
 * beside sessions and the webhook inbox), on a connection of their own. The rules:
 * `alerts-store.ts`.
 */
export function openSqliteAlerts(dataDir: string, fileName = "dashboard.db"): AlertsStore {
  const db = openDashboardFile(dataDir, fileName);
  const at = (d: Date) => d.toISOString();

  const q = {
    rule: db.prepare<[string, string], RuleRow>("SELECT * FROM alert_rules WHERE account_id = ? AND id = ?"),
    rules: db.prepare<[string], RuleRow>(
      "SELECT * FROM alert_rules WHERE account_id = ? ORDER BY created_at, id",
    ),
    insertRule: db.prepare(
      `INSERT INTO alert_rules (id, account_id, kind, scope, params, delivery, paused, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    updateRule: db.prepare(
      `UPDATE alert_rules SET kind = ?, scope = ?, params = ?, delivery = ?, paused = ?, updated_at = ?
       WHERE account_id = ? AND id = ?`,
    ),
    deleteRule: db.prepare("DELETE FROM alert_rules WHERE account_id = ? AND id = ?"),
    deleteAlertsOf: db.prepare("DELETE FROM alerts WHERE account_id = ? AND rule_id = ?"),
    accounts: db.prepare<[], { account_id: string }>(
      "SELECT DISTINCT account_id FROM alert_rules WHERE paused = 0 ORDER BY account_id",
    ),
    fire: db.prepare(
      `INSERT INTO alerts (id, account_id, rule_id, listing_id, period, fired_at, measured, against, why, state)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'open')
       ON CONFLICT (rule_id, listing_id, period) WHERE cleared_at IS NULL DO NOTHING`,
    ),
    alert: db.prepare<[string, string], AlertRow>("SELECT * FROM alerts WHERE account_id = ? AND id = ?"),
    standing: db.prepare<[string, string], { listing_id: string; period: string }>(
      "SELECT listing_id, period FROM alerts WHERE account_id = ? AND rule_id = ? AND cleared_at IS NULL",
    ),
    clear: db.prepare(
      `UPDATE alerts SET state = 'resolved', cleared_at = ?, snoozed_until = NULL
       WHERE account_id = ? AND rule_id = ? AND listing_id = ? AND period = ? AND cleared_at IS NULL`,
    ),
    wake: db.prepare(
      `UPDATE alerts SET state = 'open', snoozed_until = NULL
       WHERE account_id = ? AND state = 'snoozed' AND snoozed_until <= ?`,
    ),
    snooze: db.prepare(
      `UPDATE alerts SET state = 'snoozed', snoozed_until = ?
       WHERE account_id = ? AND id = ? AND state IN ('open', 'snoozed')`,
    ),
    resolve: db.prepare(
      `UPDATE alerts SET state = 'resolved', snoozed_until = NULL
       WHERE account_id = ? AND id = ? AND state IN ('open', 'snoozed')`,
    ),
  };
  const json = (value: unknown) => JSON.stringify(value);
  const readRule = (accountId: string, id: string) => {
    const row = q.rule.get(accountId, id);
    return row ? ruleOf(row) : null;
  };
  const readAlert = (accountId: string, id: string) => {
    const row = q.alert.get(accountId, id);
    return row ? alertOf(row) : null;
  };

  return {
    async createRule(accountId, rule, paused = false, now = new Date()) {
      const id = newRuleId();
      q.insertRule.run(
        id,
        accountId,
        rule.kind,
        json(rule.scope),
        json(rule.params),
        json(rule.delivery),
        paused ? 1 : 0,
        at(now),
        at(now),
      );
      return readRule(accountId, id)!;
    },
    async listRules(accountId) {
      return q.rules.all(accountId).flatMap((r) => ruleOf(r) ?? []);
    },
    async findRule(accountId, ruleId) {
      return readRule(accountId, ruleId);
    },
    async updateRule(accountId, ruleId, rule, paused, now = new Date()) {
      const changed = q.updateRule.run(
        rule.kind,
        json(rule.scope),
        json(rule.params),
        json(rule.delivery),
        paused ? 1 : 0,
        at(now),
        accountId,
        ruleId,
      );
      return changed.changes === 0 ? null : readRule(accountId, ruleId);
    },
    async deleteRule(accountId, ruleId) {
      return db
        .transaction(() => {
          q.deleteAlertsOf.run(accountId, ruleId);
          return q.deleteRule.run(accountId, ruleId).changes > 0;
        })
        .immediate();
    },
    async accountsWithRules() {
      return q.accounts.all().map((r) => r.account_id);
    },
    async fire(accountId, alerts, now = new Date()) {
      return db
        .transaction(() => {
          const fired: Alert[] = [];
          for (const a of alerts) {
            const id = newAlertId();
            const result = q.fire.run(
              id,
              accountId,
              a.ruleId,
              a.listingId,
              a.period ?? "",
              at(now),
              json(a.measured),
              json(a.against),
              a.why,
            );
            if (result.changes > 0) fired.push(readAlert(accountId, id)!);
          }
          return fired;
        })
        .immediate();
    },
    async standing(accountId, ruleId) {
      return q.standing
        .all(accountId, ruleId)
        .map((r) => ({ listingId: r.listing_id, period: r.period === "" ? null : r.period }));
    },
    async clear(accountId, ruleId, keys, now = new Date()) {
      return db
        .transaction(() => {
          let cleared = 0;
          for (const k of keys)
            cleared += q.clear.run(at(now), accountId, ruleId, k.listingId, k.period ?? "").changes;
          return cleared;
        })
        .immediate();
    },
    async listAlerts(accountId, filter = {}, now = new Date()) {
      q.wake.run(accountId, at(now));
      const where = ["account_id = @account"];
      const values: Record<string, string | number> = {
        account: accountId,
        limit: filter.limit ?? ALERTS_LISTED,
      };
      if (filter.state) {
        where.push("state = @state");
        values.state = filter.state;
      }
      if (filter.ruleId) {
        where.push("rule_id = @rule");
        values.rule = filter.ruleId;
      }
      if (filter.listingId) {
        where.push("listing_id = @listing");
        values.listing = filter.listingId;
      }
      return (
        db
          .prepare(
            `SELECT * FROM alerts WHERE ${where.join(" AND ")} ORDER BY fired_at DESC, id LIMIT @limit`,
          )
          .all(values) as AlertRow[]
      ).map(alertOf);
    },
    async findAlert(accountId, alertId, now = new Date()) {
      q.wake.run(accountId, at(now));
      return readAlert(accountId, alertId);
    },
    async snooze(accountId, alertId, until, now = new Date()) {
      q.wake.run(accountId, at(now));
      return q.snooze.run(at(until), accountId, alertId).changes > 0 ? readAlert(accountId, alertId) : null;
    },
    async resolve(accountId, alertId, now = new Date()) {
      q.wake.run(accountId, at(now));
      return q.resolve.run(accountId, alertId).changes > 0 ? readAlert(accountId, alertId) : null;
    },
    async wakeSnoozed(accountId, now = new Date()) {
      return q.wake.run(accountId, at(now)).changes;
    },
    async close() {
      db.close();
    },
  };
}
