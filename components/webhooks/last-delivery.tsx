import type { UseQueryResult } from "@tanstack/react-query";
import { labelOf } from "@/lib/display/open-values";
import type { WebhookDelivery } from "@/lib/svc/schemas/webhooks";
import { deliveryStatusLabels, lastDelivery } from "@/lib/webhooks/display";
import { Timestamp } from "@/components/ui/timestamp";

type FirstPage = UseQueryResult<{ items: WebhookDelivery[]; total: number | null }>;

/** The row's last delivery in a line, read from the first page of its deliveries. */
export function LastDelivery({ query }: { query: FirstPage }) {
  if (query.isPending) return <span className="text-slate-600">Loading…</span>;
  if (query.isError) return <span className="text-red-700">Could not be read</span>;
  const { last, pending } = lastDelivery(query.data.items);
  if (!last && !pending) return <span className="text-slate-600">None yet</span>;
  return (
    <span className="space-y-0.5">
      {last ? (
        <span className="block">
          {labelOf(deliveryStatusLabels, last.status)}
          {last.response_status !== null ? ` (HTTP ${last.response_status})` : ""},{" "}
          <Timestamp at={last.attempted_at} className="tabular-nums" />
        </span>
      ) : null}
      {pending ? (
        <span className="block text-slate-600">
          Attempt {pending.attempt} due <Timestamp at={pending.attempted_at} className="tabular-nums" />
        </span>
      ) : null}
    </span>
  );
}
