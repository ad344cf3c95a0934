"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { refreshWebhooks, webhooksQuery } from "@/lib/webhooks/queries";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import { WEBHOOK_SUBSCRIPTION_LIMIT } from "@/lib/svc/schemas/webhooks";
import { StatusLine, StatusScope } from "@/components/ui/action-status";
import { PermissionNote } from "@/components/ui/permission-note";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { DashboardConnection } from "@/components/webhooks/dashboard-connection";
import { SubscriptionCard } from "@/components/webhooks/subscription-card";
import { changePermission, createPermission } from "@/lib/webhooks/display";
import { AddSubscription } from "@/components/webhooks/webhook-actions";
import { WebhooksSkeleton } from "@/components/webhooks/webhooks-skeleton";

/** The webhooks page: the subscriptions with the limit and the actions, each with its deliveries. */
export function WebhooksView({
  keyKind,
  usingReferenceService,
}: {
  keyKind: ApiKeyKind | null;
  usingReferenceService: boolean;
}) {
  const noteId = useId();
  const queryClient = useQueryClient();
  const subscriptions = useQuery(webhooksQuery());
  const [refreshing, setRefreshing] = useState(false);
  const state = subscriptions.isPending ? "loading" : subscriptions.isError ? "error" : "ready";

  if (subscriptions.isPending || subscriptions.isError) {
    return (
      <div data-state={state} data-testid="webhooks">
        {subscriptions.isPending ? (
          <WebhooksSkeleton />
        ) : (
          <ErrorPanel
            error={subscriptions.error}
            onRetry={() => subscriptions.refetch()}
            what="your webhook subscriptions"
          />
        )}
      </div>
    );
  }

  const subs = subscriptions.data;
  const change = changePermission(keyKind);
  const create = createPermission(subs.length, keyKind);
  // One note explains every disabled control; the controls point at it.
  const note = !change.allowed ? change.reason : !create.allowed ? create.reason : null;

  // What a subscription's edit, delete or re-enable did is said above the list, over no card.
  return (
    <StatusScope>
      <div data-state={state} data-testid="webhooks" className="space-y-4">
        <DashboardConnection keyKind={keyKind} />
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 className="text-base font-semibold">Subscriptions</h2>
            <p className="text-sm text-slate-600" aria-live="polite">
              {subs.length} of {WEBHOOK_SUBSCRIPTION_LIMIT} subscriptions in use
            </p>
          </div>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              disabled={refreshing}
              onClick={() => {
                setRefreshing(true);
                void refreshWebhooks(queryClient).finally(() => setRefreshing(false));
              }}
            >
              {refreshing ? "Refreshing…" : "Refresh"}
            </Button>
            <AddSubscription
              permission={create}
              describedBy={create.allowed ? undefined : noteId}
              usingReferenceService={usingReferenceService}
            />
          </div>
        </div>

        {note ? <PermissionNote id={noteId}>{note}</PermissionNote> : null}
        <StatusLine />

        {subs.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
            <p className="font-medium">No webhook subscriptions.</p>
            <p className="mt-1 text-sm text-slate-600">
              Add one to have the service tell your endpoint when recommendations, reservations or flags
              change.
            </p>
          </div>
        ) : (
          <ul aria-label="Webhook subscriptions" className="space-y-4">
            {subs.map((sub) => (
              <li key={sub.id}>
                <SubscriptionCard
                  subscription={sub}
                  permission={change}
                  describedBy={change.allowed ? undefined : noteId}
                  usingReferenceService={usingReferenceService}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </StatusScope>
  );
}
