import { ruleWords } from "@/lib/alerts/words";
import type { Alert, StoredRule } from "@/lib/server/alerts/alerts-store";

/** A rule and an alert as the JSON interface answers them (snake_case, as the service's). */
export const ruleView = (r: StoredRule) => ({
  id: r.id,
  kind: r.rule.kind,
  scope: r.rule.scope,
  params: r.rule.params,
  delivery: r.rule.delivery,
  paused: r.paused,
  /** The threshold in words. */
  words: ruleWords(r.rule),
  created_at: r.createdAt,
  updated_at: r.updatedAt,
});

export const alertView = (a: Alert) => ({
  id: a.id,
  rule_id: a.ruleId,
  listing_id: a.listingId,
  period: a.period,
  fired_at: a.firedAt,
  measured: a.measured,
  against: a.against,
  why: a.why,
  state: a.state,
  snoozed_until: a.snoozedUntil,
  cleared_at: a.clearedAt,
});
