"use client";

import { useQuery } from "@tanstack/react-query";
import { Collapsible } from "radix-ui";
import { useId, useRef, useState } from "react";
import type { Permission } from "@/lib/access/permission";
import { connectionQuery } from "@/lib/webhooks/dashboard-queries";
import { webhookDeliveriesQuery } from "@/lib/webhooks/queries";
import type { WebhookSubscription } from "@/lib/svc/schemas/webhooks";
import { Badge } from "@/components/ui/badge";
import { DeliveriesPanel } from "@/components/webhooks/deliveries-panel";
import { LastDelivery } from "@/components/webhooks/last-delivery";
import { ReenableButton } from "@/components/webhooks/reenable-button";
import { useInView } from "@/components/webhooks/use-in-view";
import {
  DeleteSubscription,
  EditSubscription,
  RotateSubscriptionSecret,
} from "@/components/webhooks/webhook-actions";
import { formatUtc, formatUtcDate } from "@/lib/format/times";
import { eventTypeWords, statusWords } from "@/lib/webhooks/display";

/** One subscription: where, what, how it is doing, its actions, and its deliveries on demand. */
export function SubscriptionCard({
  subscription: sub,
  permission,
  describedBy,
  usingReferenceService,
}: {
  subscription: WebhookSubscription;
  permission: Permission;
  describedBy?: string;
  usingReferenceService: boolean;
}) {
  const id = useId();
  const ref = useRef<HTMLElement>(null);
  const shown = useInView(ref);
  const [open, setOpen] = useState(false);
  // Page 1 of the deliveries, read once the card is on screen; the panel reuses it.
  const firstPage = useQuery({ ...webhookDeliveriesQuery(sub.id), enabled: shown });
  const disabled = sub.status === "disabled";
  const actions = { subscription: sub, permission, describedBy };
  // The dashboard's own subscription is rotated from its panel, so the receiver learns the secret.
  const connection = useQuery(connectionQuery());
  const dashboardOwn = connection.data?.subscription?.id === sub.id;

  return (
    <article
      ref={ref}
      aria-labelledby={`${id}-url`}
      data-testid="webhook-subscription"
      className="rounded-lg border border-slate-200 bg-white"
    >
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-4 py-3">
        <div className="min-w-0 space-y-1">
          <h3 id={`${id}-url`} className="break-all font-mono text-sm font-semibold text-slate-900">
            {sub.url}
          </h3>
          <Badge tone={disabled ? "red" : sub.status === "enabled" ? "green" : "neutral"}>
            {statusWords(sub)}
          </Badge>
          {dashboardOwn ? (
            <p className="text-sm text-slate-600">
              This dashboard&apos;s own subscription: rotate its secret from &ldquo;This dashboard&rdquo;
              above, so its receiver keeps the new one.
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <EditSubscription {...actions} usingReferenceService={usingReferenceService} />
          {dashboardOwn ? null : <RotateSubscriptionSecret {...actions} />}
          <DeleteSubscription {...actions} />
        </div>
      </div>

      {disabled ? (
        <div className="space-y-2 border-b border-red-100 bg-red-50/60 px-4 py-3 text-sm text-red-900">
          <p>
            The service stopped sending to this endpoint after its deliveries kept failing, and records no new
            events for it. Once the endpoint answers again, re-enable it: attempts still waiting are sent at
            once.
          </p>
          <ReenableButton {...actions} />
        </div>
      ) : null}

      <dl className="grid gap-x-6 gap-y-3 px-4 py-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">Event types</dt>
          <dd>
            <ul>
              {sub.event_types.map((type) => (
                <li key={type} title={eventTypeWords(type).meaning}>
                  {eventTypeWords(type).label}
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">Consecutive failures</dt>
          <dd className="tabular-nums">{sub.consecutive_failures}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">Last delivery</dt>
          <dd>
            <LastDelivery query={firstPage} />
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">Created</dt>
          <dd>
            <time dateTime={sub.created_at} title={formatUtc(sub.created_at)}>
              {formatUtcDate(sub.created_at)}
            </time>
          </dd>
        </div>
      </dl>

      <Collapsible.Root open={open} onOpenChange={setOpen} className="border-t border-slate-100">
        <Collapsible.Trigger className="group flex w-full items-center gap-2 px-4 py-2.5 text-left text-sm font-medium text-brand-700 hover:bg-slate-50">
          <span aria-hidden="true" className="inline-block group-data-[state=open]:rotate-90">
            ›
          </span>
          {open ? "Hide deliveries" : "Show deliveries"}
          <span className="sr-only"> to {sub.url}</span>
        </Collapsible.Trigger>
        <Collapsible.Content className="px-4 pb-4">
          {open ? <DeliveriesPanel id={sub.id} url={sub.url} /> : null}
        </Collapsible.Content>
      </Collapsible.Root>
    </article>
  );
}
