"use client";

import { useQuery } from "@tanstack/react-query";
import { parseAsStringLiteral, useQueryState } from "nuqs";
import { useId } from "react";
import { ErrorPanel } from "@/components/ui/error-panel";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { Skeleton } from "@/components/ui/skeleton";
import { StatusLine } from "@/components/ui/action-status";
import { useNow } from "@/components/shell/use-now";
import { AlertRow } from "@/components/alerts/alert-row";
import { groupByRule } from "@/lib/alerts/inbox";
import { ALERT_STATES, alertsQuery, type AlertState, type RulesAnswer } from "@/lib/alerts/queries";
import { listingNameOf, listingNamesQuery } from "@/lib/listings/queries";
import { formatCount } from "@/lib/format/numbers";

const STATE_OPTIONS = [
  { value: "open", label: "Open" },
  { value: "snoozed", label: "Snoozed" },
  { value: "resolved", label: "Resolved" },
] as const satisfies ReadonlyArray<{ value: AlertState; label: string }>;

const EMPTY: Record<AlertState, string> = {
  open: "No open alerts. Rules watch the portfolio; alerts appear here when one fires.",
  snoozed: "No snoozed alerts. Snooze an open alert to set it aside until a date.",
  resolved: "No resolved alerts yet. An alert is resolved when its condition clears or someone resolves it.",
};

const alertsWord = (n: number) => `${formatCount(n)} ${n === 1 ? "alert" : "alerts"}`;

/**
 * The alert inbox: open, snoozed or resolved alerts (the choice in the URL), grouped by rule
 * under the rule's words, each group collapsible with its count. Listings are named from the
 * reads the dashboard already makes (listingNamesQuery), never one request per alert.
 */
export function AlertsInbox({ rules }: { rules: RulesAnswer | undefined }) {
  const titleId = useId();
  const [state, setState] = useQueryState("state", parseAsStringLiteral(ALERT_STATES).withDefault("open"));
  const alerts = useQuery(alertsQuery(state));
  const names = useQuery({ ...listingNamesQuery(), enabled: (alerts.data?.length ?? 0) > 0 });
  const now = useNow(60_000);
  const groups = alerts.data && rules ? groupByRule(alerts.data, rules.rules) : null;

  return (
    <section
      aria-labelledby={titleId}
      className="space-y-3"
      data-testid="alert-inbox"
      data-state={alerts.isPending ? "loading" : alerts.isError ? "error" : "ready"}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold">
          Inbox
        </h2>
        <SegmentedControl
          label="Alerts to show"
          value={state}
          options={STATE_OPTIONS}
          onValueChange={(v) => void setState(v)}
        />
      </div>
      <StatusLine />
      {alerts.isError ? (
        <ErrorPanel error={alerts.error} onRetry={() => void alerts.refetch()} what="the alerts" />
      ) : !groups ? (
        <div role="status" aria-busy="true" className="space-y-2">
          <span className="sr-only">Loading the alerts</span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : groups.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600">
          {EMPTY[state]}
        </p>
      ) : (
        <div className="space-y-3">
          {groups.map((group) => (
            <details
              key={group.ruleId}
              open
              className="group rounded-lg border border-slate-200 bg-white"
              data-rule-id={group.ruleId}
            >
              <summary className="flex cursor-pointer items-baseline justify-between gap-3 px-4 py-3 text-sm font-semibold text-slate-900 hover:bg-slate-50">
                <span>{group.heading}</span>
                <span className="shrink-0 text-xs font-medium text-slate-600">
                  {alertsWord(group.alerts.length)}
                </span>
              </summary>
              <ul aria-label={group.heading} className="divide-y divide-slate-100 border-t border-slate-100">
                {group.alerts.map((alert) => (
                  <AlertRow
                    key={alert.id}
                    alert={alert}
                    rule={group.rule}
                    listingName={listingNameOf(names.data, alert.listing_id)}
                    now={now}
                    canAct={rules?.can_edit ?? false}
                  />
                ))}
              </ul>
            </details>
          ))}
        </div>
      )}
    </section>
  );
}
