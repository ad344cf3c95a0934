import { readRule, type RuleBody } from "@/lib/alerts/rules";
import type { Alert, AlertState, Figures, StoredRule } from "@/lib/server/alerts/alerts-store";

/** Rows as both stores read them back (JSON text on SQLite, jsonb on PostgreSQL). */
export interface RuleRow {
  id: string;
  account_id: string;
  kind: string;
  scope: unknown;
  params: unknown;
  delivery: unknown;
  paused: boolean | number;
  created_at: string | Date;
  updated_at: string | Date;
}
export interface AlertRow {
  id: string;
  account_id: string;
  rule_id: string;
  listing_id: string;
  period: string;
  fired_at: string | Date;
  measured: unknown;
  against: unknown;
  why: string;
  state: AlertState;
  snoozed_until: string | Date | null;
  cleared_at: string | Date | null;
}

const parsed = (value: unknown) => {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
};
export const iso = (value: string | Date) => (value instanceof Date ? value.toISOString() : value);
const isoOrNull = (value: string | Date | null) => (value === null ? null : iso(value));
const figures = (value: unknown): Figures => {
  const v = parsed(value);
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Figures) : {};
};

/** A stored rule read tolerantly: one whose kind or params cannot be read is left out (null). */
export function ruleOf(r: RuleRow): StoredRule | null {
  const rule: RuleBody | null = readRule({
    kind: r.kind,
    scope: parsed(r.scope),
    params: parsed(r.params),
    delivery: parsed(r.delivery),
  });
  if (!rule) return null;
  return {
    id: r.id,
    accountId: r.account_id,
    rule,
    paused: r.paused === true || r.paused === 1,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

export const alertOf = (r: AlertRow): Alert => ({
  id: r.id,
  accountId: r.account_id,
  ruleId: r.rule_id,
  listingId: r.listing_id,
  period: r.period === "" ? null : r.period,
  firedAt: iso(r.fired_at),
  measured: figures(r.measured),
  against: figures(r.against),
  why: r.why,
  state: r.state,
  snoozedUntil: isoOrNull(r.snoozed_until),
  clearedAt: isoOrNull(r.cleared_at),
});
