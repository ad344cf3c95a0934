import { randomBytes } from "node:crypto";
import type { RuleBody } from "@/lib/alerts/rules";

/**
 * Alert rules and the alerts they fire, per account, as their callers see them. Kept in the
 * dashboard's own database (SQLite's `dashboard.db`, or the PostgreSQL every instance shares),
 * never in the mirror, whose SQLite file is emptied and remade when its schema changes. SQLite
 * (`sqlite-alerts.ts`) and PostgreSQL (`postgres-alerts.ts`) keep the same rules, checked by
 * one contract suite (`alerts-contract.ts`).
 *
 * An alert fires once per rule, listing and period until it clears: a standing alert (open,
 * snoozed, or resolved by someone while its condition still holds) blocks another; once an
 * evaluation finds the condition gone it is cleared (`cleared_at`, state resolved) and the
 * same rule may fire for that listing and period again. A unique index on the standing alerts
 * holds this whoever evaluates, two instances at once included.
 */

export const ALERT_STATES = ["open", "snoozed", "resolved"] as const;
export type AlertState = (typeof ALERT_STATES)[number];

export interface StoredRule {
  id: string;
  accountId: string;
  rule: RuleBody;
  paused: boolean;
  createdAt: string;
  updatedAt: string;
}

/** What was measured and against what: small JSON objects of named figures. */
export type Figures = Record<string, number | string | null>;

export interface Alert {
  id: string;
  accountId: string;
  ruleId: string;
  /** The service's listing id. */
  listingId: string;
  /** A stay month (`2026-08`) or null. */
  period: string | null;
  firedAt: string;
  measured: Figures;
  against: Figures;
  why: string;
  state: AlertState;
  snoozedUntil: string | null;
  /** When an evaluation found its condition gone; null while it stands. */
  clearedAt: string | null;
}

export interface NewAlert {
  ruleId: string;
  listingId: string;
  period: string | null;
  measured: Figures;
  against: Figures;
  why: string;
}

export interface AlertKey {
  listingId: string;
  period: string | null;
}

export interface AlertFilter {
  state?: AlertState;
  ruleId?: string;
  listingId?: string;
  /** 500 unless told. */
  limit?: number;
}

export const newRuleId = () => `rul_${randomBytes(12).toString("base64url")}`;
export const newAlertId = () => `alr_${randomBytes(12).toString("base64url")}`;
export const ALERTS_LISTED = 500;

export interface AlertsStore {
  createRule(accountId: string, rule: RuleBody, paused?: boolean, now?: Date): Promise<StoredRule>;
  /** Oldest first. */
  listRules(accountId: string): Promise<StoredRule[]>;
  findRule(accountId: string, ruleId: string): Promise<StoredRule | null>;
  /** null when the account has no such rule. */
  updateRule(
    accountId: string,
    ruleId: string,
    rule: RuleBody,
    paused: boolean,
    now?: Date,
  ): Promise<StoredRule | null>;
  /** Deletes the rule and every alert it fired. */
  deleteRule(accountId: string, ruleId: string): Promise<boolean>;
  /** Every account with an active (not paused) rule: the daily evaluation's list. */
  accountsWithRules(): Promise<string[]>;

  /** Fires what has no standing alert yet; answers only the alerts this call fired. */
  fire(accountId: string, alerts: readonly NewAlert[], now?: Date): Promise<Alert[]>;
  /** The rule's standing alerts (not cleared): what an evaluation may clear. */
  standing(accountId: string, ruleId: string): Promise<AlertKey[]>;
  /** Clears the rule's standing alerts at those keys: resolved, cleared now. Answers how many. */
  clear(accountId: string, ruleId: string, keys: readonly AlertKey[], now?: Date): Promise<number>;

  /** Snoozed alerts whose time has passed are open again first; newest fired first. */
  listAlerts(accountId: string, filter?: AlertFilter, now?: Date): Promise<Alert[]>;
  findAlert(accountId: string, alertId: string, now?: Date): Promise<Alert | null>;
  /** Snoozes an open or snoozed alert until `until`; null when the account has no such alert or it is resolved. */
  snooze(accountId: string, alertId: string, until: Date, now?: Date): Promise<Alert | null>;
  /** Someone dealt with it: resolved, still standing until its condition clears. */
  resolve(accountId: string, alertId: string, now?: Date): Promise<Alert | null>;
  /** Opens the account's snoozed alerts whose `snoozed_until` has passed; answers how many. */
  wakeSnoozed(accountId: string, now?: Date): Promise<number>;

  close(): Promise<void>;
}
