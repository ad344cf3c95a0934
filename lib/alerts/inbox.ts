import type { AlertView, RuleView } from "@/lib/alerts/queries";
import { MONTH_NAMES } from "@/lib/format/night-columns";
import { paceSearch } from "@/lib/pace/queries";
import { WHOLE_PORTFOLIO, type PaceScope } from "@/lib/pace/scope";

/**
 * The inbox's pure logic: alerts grouped by their rule, the page that explains each alert, and
 * the snooze dialog's dates. Tested in Vitest.
 */

export interface AlertGroup {
  ruleId: string;
  /** The rule's threshold in words, the group's heading. */
  heading: string;
  rule: RuleView | null;
  alerts: AlertView[];
}

/**
 * Alerts grouped by rule, the rules in their list's order (oldest first), each group's alerts
 * as they came (newest fired first). An alert whose rule the list does not hold (deleted since,
 * or not readable by this version) still shows, under "A rule no longer listed".
 */
export function groupByRule(alerts: readonly AlertView[], rules: readonly RuleView[]): AlertGroup[] {
  const byRule = new Map<string, AlertView[]>();
  for (const alert of alerts) {
    const list = byRule.get(alert.rule_id);
    if (list) list.push(alert);
    else byRule.set(alert.rule_id, [alert]);
  }
  const groups: AlertGroup[] = [];
  for (const rule of rules) {
    const list = byRule.get(rule.id);
    if (!list) continue;
    groups.push({ ruleId: rule.id, heading: rule.words, rule, alerts: list });
    byRule.delete(rule.id);
  }
  for (const [ruleId, list] of byRule)
    groups.push({ ruleId, heading: "A rule no longer listed", rule: null, alerts: list });
  return groups;
}

const text = (value: unknown) => (typeof value === "string" && value.length > 0 ? value : null);

/** A rule's scope in Pace's terms (the same filters under Pace's names). */
export function paceScopeOf(scope: Record<string, unknown>): PaceScope {
  return {
    managed: scope.managed === false ? false : WHOLE_PORTFOLIO.managed,
    activeOnly: scope.active_only === true,
    hidden: scope.hidden === true,
    owner: text(scope.owner),
    market: text(scope.market_id),
    bedrooms: text(scope.bedrooms),
    channel: text(scope.channel),
    segment: text(scope.segment_id),
    set: text(scope.set_id),
  };
}

export interface Explainer {
  href: string;
  /** What the link opens, in words ("Pace: 2026-12", "The set"). */
  label: string;
}

/**
 * What explains an alert beyond its listing: the Pace row of its stay month (behind_stly, the
 * rule's scope, the month's gap opened when the alert names its currency), Pace's pickup for
 * pickup_below_ly, the set for comps_moved. Null for kinds whose listing says it all.
 */
export function explainerOf(alert: AlertView, rule: RuleView | null): Explainer | null {
  if (!rule) return null;
  const scope = paceScopeOf(rule.scope);
  if (rule.kind === "behind_stly") {
    const search = paceSearch({ unit: "month", pickup: 7, scope });
    const currency = text(alert.measured.currency);
    if (alert.period && currency) search.set("detail", `gap:${alert.period}:${currency}`);
    return { href: `/pace?${search}`, label: alert.period ? `Pace: ${monthWords(alert.period)}` : "Pace" };
  }
  if (rule.kind === "pickup_below_ly") {
    const search = paceSearch({ unit: "month", pickup: 7, scope });
    search.set("show", "pickup");
    return { href: `/pace?${search}`, label: "Pace: pickup" };
  }
  if (rule.kind === "comps_moved") {
    const setId = text(rule.params.set_id);
    return setId ? { href: `/sets/${encodeURIComponent(setId)}`, label: "The set" } : null;
  }
  return null;
}

/** `2026-12` as "December 2026"; anything else as it came. */
function monthWords(period: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  const name = match ? MONTH_NAMES[Number(match[2]) - 1] : undefined;
  return match && name ? `${name} ${match[1]}` : period;
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The snooze dialog's dates, as the interface takes them (a date is midnight UTC): at the
 * earliest tomorrow, at the latest a year from now less a day (so the end of that day is
 * still within the year the interface allows); tomorrow by default.
 */
export function snoozeBounds(now: number): { min: string; max: string; initial: string } {
  const tomorrow = isoDay(now + DAY_MS);
  return { min: tomorrow, max: isoDay(now + 364 * DAY_MS), initial: tomorrow };
}
