"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { Button } from "@/components/ui/button";
import { describeError } from "@/components/ui/error-panel";
import { FeedTime } from "@/components/ui/feed-time";
import { ListingLink } from "@/components/ui/listing-link";
import { useSay } from "@/components/ui/action-status";
import { lazyDialog } from "@/components/ui/lazy";
import { explainerOf } from "@/lib/alerts/inbox";
import { actOnAlert, type AlertView, type RuleView } from "@/lib/alerts/queries";
import { formatUtc } from "@/lib/format/times";

export interface SnoozeDialogProps {
  alert: AlertView;
  listingName: string;
}

const SnoozeDialog = lazyDialog<SnoozeDialogProps>(() => import("@/components/alerts/snooze-dialog"), {
  trigger: ({ listingName }) => (
    <Button
      variant="secondary"
      className="px-2 py-1 text-xs"
      aria-label={`Snooze the alert on ${listingName}`}
    >
      Snooze
    </Button>
  ),
});

/**
 * One alert: its sentence, when it fired (relative, and the UTC moment beside it), the listing
 * and the page that explains it, and, for a key that may, Snooze and Resolve.
 */
export function AlertRow({
  alert,
  rule,
  listingName,
  now,
  canAct,
}: {
  alert: AlertView;
  rule: RuleView | null;
  listingName: string | undefined;
  now: number;
  canAct: boolean;
}) {
  const queryClient = useQueryClient();
  const say = useSay();
  const named = listingName ?? `Listing ${alert.listing_id}`;
  const resolve = useMutation({
    mutationFn: () => actOnAlert(queryClient, alert.id, { action: "resolve" }),
    onSuccess: () => say(`The alert on ${named} is resolved.`, "success"),
    onError: (error) => say(`The alert on ${named} could not be resolved. ${describeError(error)}`, "error"),
  });
  const explainer = explainerOf(alert, rule);
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start" data-alert-id={alert.id}>
      <div className="min-w-0 flex-1 space-y-1">
        <p className="text-sm text-slate-900">{alert.why}</p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="text-xs text-slate-600">
            Fired <FeedTime iso={alert.fired_at} now={now} absolute />
          </span>
          <ListingLink svcId={alert.listing_id} name={listingName} />
          {explainer ? (
            <Link href={explainer.href} className="text-xs font-medium text-brand-700 hover:underline">
              {explainer.label}
            </Link>
          ) : null}
          {alert.state === "snoozed" && alert.snoozed_until ? (
            <span className="text-xs text-slate-600">Snoozed until {formatUtc(alert.snoozed_until)}</span>
          ) : null}
          {alert.state === "resolved" && alert.cleared_at ? (
            <span className="text-xs text-slate-600">Cleared {formatUtc(alert.cleared_at)}</span>
          ) : null}
        </p>
      </div>
      {canAct && alert.state !== "resolved" ? (
        <div className="flex shrink-0 gap-2">
          {alert.state === "open" ? <SnoozeDialog alert={alert} listingName={named} /> : null}
          <Button
            variant="secondary"
            className="px-2 py-1 text-xs"
            disabled={resolve.isPending}
            onClick={() => resolve.mutate()}
            aria-label={`Resolve the alert on ${named}`}
          >
            {resolve.isPending ? "Resolving\u2026" : "Resolve"}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
