"use client";

import { useQuery } from "@tanstack/react-query";
import { StatusScope } from "@/components/ui/action-status";
import { AlertsInbox } from "@/components/alerts/alerts-inbox";
import { RulesSection } from "@/components/alerts/rules-section";
import { alertRulesQuery } from "@/lib/alerts/queries";

/** The alert inbox, then the rules it comes from; one read of the rules serves both. */
export function AlertsView() {
  const rules = useQuery(alertRulesQuery());
  // Without the rules the alerts still show, under "A rule no longer listed", with no action.
  const forInbox = rules.data ?? (rules.isError ? { rules: [], can_edit: false } : undefined);
  return (
    <div className="space-y-8">
      <StatusScope>
        <AlertsInbox rules={forInbox} />
      </StatusScope>
      <RulesSection rules={rules} />
    </div>
  );
}
