"use client";

import { useMutation, useQuery, useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { useId } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ErrorPanel, describeError } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { StatusLine, StatusScope, useSay } from "@/components/ui/action-status";
import { lazyDialog } from "@/components/ui/lazy";
import type { RuleDialogProps } from "@/components/alerts/rule-dialog";
import { updateRule, type RulesAnswer, type RuleView } from "@/lib/alerts/queries";
import { deliveryWords, scopeWords } from "@/lib/alerts/rule-form";
import { paceQuery } from "@/lib/pace/queries";
import { WHOLE_PORTFOLIO } from "@/lib/pace/scope";

const RuleDialog = lazyDialog<RuleDialogProps>(() => import("@/components/alerts/rule-dialog"), {
  trigger: ({ rule }) =>
    rule ? (
      <Button variant="secondary" className="px-2 py-1 text-xs" aria-label={`Edit the rule: ${rule.words}`}>
        Edit
      </Button>
    ) : (
      <Button>New rule</Button>
    ),
});
const DeleteRuleDialog = lazyDialog<{ rule: RuleView }>(
  () => import("@/components/alerts/delete-rule-dialog"),
  {
    trigger: ({ rule }) => (
      <Button
        variant="ghost"
        className="px-2 py-1 text-xs text-red-700"
        aria-label={`Delete the rule: ${rule.words}`}
      >
        Delete
      </Button>
    ),
  },
);

export const READ_ONLY_RULES =
  "Your API key is read-only: you can see the rules and alerts but not change them. Sign in with a key that can edit listings to create, edit or delete rules.";

/**
 * The account's rules, oldest first: the threshold in words, the scope in words, the delivery,
 * paused or not. A key that may edit
 * creates, edits, pauses and deletes them; a read-only key is told why it cannot.
 */
export function RulesSection({ rules }: { rules: UseQueryResult<RulesAnswer> }) {
  const titleId = useId();
  const canEdit = rules.data?.can_edit ?? false;
  return (
    <StatusScope>
      <section aria-labelledby={titleId} className="space-y-3" data-testid="alert-rules">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={titleId} className="text-lg font-semibold">
            Rules
          </h2>
          {canEdit ? <RuleDialog /> : null}
        </div>
        {rules.data && !canEdit ? <p className="text-sm text-amber-900">{READ_ONLY_RULES}</p> : null}
        <StatusLine />
        {rules.isError ? (
          <ErrorPanel error={rules.error} onRetry={() => void rules.refetch()} what="the alert rules" />
        ) : !rules.data ? (
          <div role="status" aria-busy="true" className="space-y-2">
            <span className="sr-only">Loading the alert rules</span>
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : rules.data.rules.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600">
            {canEdit
              ? "No rules yet. Create one to have the portfolio watched: a month behind last year, no booking in two weeks, nights at the minimum price."
              : "No rules yet."}
          </p>
        ) : (
          <RulesList rules={rules.data.rules} canEdit={canEdit} />
        )}
      </section>
    </StatusScope>
  );
}

function RulesList({ rules, canEdit }: { rules: RuleView[]; canEdit: boolean }) {
  // The scope's names (markets, segments, sets, owners) as Pace offers them, from the mirror.
  const choices = useQuery(paceQuery({ unit: "month", pickup: 7, scope: WHOLE_PORTFOLIO }));
  return (
    <ul
      aria-label="Alert rules"
      className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white"
    >
      {rules.map((rule) => (
        <li
          key={rule.id}
          className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start"
          data-rule-id={rule.id}
        >
          <div className="min-w-0 flex-1 space-y-1">
            <p className="text-sm font-medium text-slate-900">
              {rule.words} {rule.paused ? <Badge tone="amber">Paused</Badge> : null}{" "}
            </p>
            <p className="text-xs text-slate-600">{scopeWords(rule.scope, choices.data?.choices)}</p>
            <p className="text-xs text-slate-600">{deliveryWords(rule.delivery)}</p>
          </div>
          {canEdit ? <RuleActions rule={rule} /> : null}
        </li>
      ))}
    </ul>
  );
}

function RuleActions({ rule }: { rule: RuleView }) {
  const queryClient = useQueryClient();
  const say = useSay();
  const pause = useMutation({
    mutationFn: (paused: boolean) => updateRule(queryClient, rule.id, { paused }),
    onSuccess: (saved) =>
      say(saved.paused ? `Paused: ${saved.words}.` : `Resumed: ${saved.words}.`, "success"),
    onError: (error) => say(`The rule could not be changed. ${describeError(error)}`, "error"),
  });
  const paused = pause.isPending ? (pause.variables ?? rule.paused) : rule.paused;
  return (
    <div className="flex shrink-0 flex-wrap items-center gap-3">
      <Switch
        label="Active"
        description={`Whether the rule "${rule.words}" is evaluated`}
        checked={!paused}
        disabled={pause.isPending}
        onCheckedChange={(active) => pause.mutate(!active)}
      />
      <RuleDialog rule={rule} />
      <DeleteRuleDialog rule={rule} />
    </div>
  );
}
