import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { anyAnswer, callDashboard } from "@/lib/queries/dashboard-api";
import { queryKeys } from "@/lib/queries/keys";
import { isSvcError } from "@/lib/svc/errors";
import type { RuleBody } from "@/lib/alerts/rules";

/**
 * The alert pages' reads and writes, over the dashboard's own JSON interface (`/api/alerts/*`,
 * docs/alerts-decisions.md): no service request. Answers are read tolerantly: a field this
 * version does not know is ignored, a rule or alert it cannot read is left out of the list
 * rather than failing it.
 */

export const ALERT_STATES = ["open", "snoozed", "resolved"] as const;
export type AlertState = (typeof ALERT_STATES)[number];

const figures = z.record(z.string(), z.unknown()).catch({});

export const ruleViewSchema = z.object({
  id: z.string().min(1),
  kind: z.string(),
  scope: z.record(z.string(), z.unknown()).catch({}),
  params: z.record(z.string(), z.unknown()).catch({}),
  delivery: z.object({ email: z.string(), webhook: z.string() }).catch({ email: "off", webhook: "off" }),
  paused: z.boolean().catch(false),
  words: z.string(),
});
export type RuleView = z.infer<typeof ruleViewSchema>;

export const alertViewSchema = z.object({
  id: z.string().min(1),
  rule_id: z.string(),
  listing_id: z.string(),
  period: z.string().nullable().catch(null),
  fired_at: z.string(),
  measured: figures,
  against: figures,
  why: z.string(),
  state: z.enum(ALERT_STATES),
  snoozed_until: z.string().nullable().catch(null),
  cleared_at: z.string().nullable().catch(null),
});
export type AlertView = z.infer<typeof alertViewSchema>;

/** Each row read on its own: one this version cannot read is set aside, the others shown. */
const tolerantList = <T>(item: z.ZodType<T>) =>
  z.array(z.unknown()).transform((rows) =>
    rows.flatMap((row) => {
      const parsed = item.safeParse(row);
      return parsed.success ? [parsed.data] : [];
    }),
  );

const rulesAnswer = z.object({ rules: tolerantList(ruleViewSchema), can_edit: z.boolean().catch(false) });
export type RulesAnswer = z.infer<typeof rulesAnswer>;
const alertsAnswer = z.object({ alerts: tolerantList(alertViewSchema) });
const countAnswer = z.object({ open: z.number().int().nonnegative(), capped: z.boolean().catch(false) });
export type OpenAlertsCount = z.infer<typeof countAnswer>;

/** The account's rules, oldest first, and whether this key may change them. */
export function alertRulesQuery() {
  return queryOptions({
    queryKey: queryKeys.alerts.rules(),
    queryFn: ({ signal }) => callDashboard("/api/alerts/rules", rulesAnswer, { signal }),
  });
}

/** Alerts in one state, newest fired first (500 at most, the interface's cap). */
export function alertsQuery(state: AlertState) {
  return queryOptions({
    queryKey: queryKeys.alerts.list(state),
    queryFn: ({ signal }) =>
      callDashboard(`/api/alerts?state=${state}`, alertsAnswer, { signal }).then((a) => a.alerts),
  });
}

/**
 * The bell's count of open alerts: one small read of a number (GET /api/alerts/count) rather
 * than the open alerts themselves, each with its figures and sentence, on every page. Refreshed
 * by events, never by a timer: an action on an alert, alerts just fired (the live-updates
 * stream's `alerts`); a failure is not retried, so the bell is never held up by it.
 */
export function openAlertsCountQuery() {
  return queryOptions({
    queryKey: queryKeys.alerts.openCount(),
    queryFn: ({ signal }) => callDashboard("/api/alerts/count", countAnswer, { signal }),
    retry: false,
  });
}

const refreshAlerts = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.alerts.lists() });

/** Snoozes an alert until a date (midnight UTC) or resolves it; every alert list is read again. */
export async function actOnAlert(
  queryClient: QueryClient,
  id: string,
  action: { action: "snooze"; until: string } | { action: "resolve" },
): Promise<AlertView> {
  try {
    return await callDashboard(`/api/alerts/${encodeURIComponent(id)}`, alertViewSchema, {
      method: "POST",
      body: action,
    });
  } finally {
    // Done or refused (resolved meanwhile): the lists may be stale either way.
    void refreshAlerts(queryClient);
  }
}

async function afterRuleChange(queryClient: QueryClient) {
  await queryClient.invalidateQueries({ queryKey: queryKeys.alerts.rules() });
  // Deleting a rule deletes its alerts; a changed rule is evaluated again.
  void refreshAlerts(queryClient);
}

export async function createRule(queryClient: QueryClient, rule: RuleBody): Promise<RuleView> {
  const created = await callDashboard("/api/alerts/rules", ruleViewSchema, { method: "POST", body: rule });
  await afterRuleChange(queryClient);
  return created;
}

/** The rule whole, or a part of it (`{paused}`). */
export async function updateRule(
  queryClient: QueryClient,
  id: string,
  change: Partial<RuleBody> & { paused?: boolean },
): Promise<RuleView> {
  const updated = await callDashboard(`/api/alerts/rules/${encodeURIComponent(id)}`, ruleViewSchema, {
    method: "PUT",
    body: change,
  });
  await afterRuleChange(queryClient);
  return updated;
}

export async function deleteRule(queryClient: QueryClient, id: string): Promise<void> {
  await callDashboard(`/api/alerts/rules/${encodeURIComponent(id)}`, anyAnswer, { method: "DELETE" });
  await afterRuleChange(queryClient);
}

/** A 400's sentences per field (`details.fields`), for the form to put beside each field. */
export function fieldErrorsOf(error: unknown): Array<{ field: string; message: string }> {
  if (!isSvcError(error) || error.status !== 400) return [];
  const fields = z
    .array(z.object({ field: z.string(), message: z.string() }))
    .safeParse(error.details?.fields);
  return fields.success ? fields.data : [];
}
