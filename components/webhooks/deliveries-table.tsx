import { knownOr, labelOf } from "@/lib/display/open-values";
import { formatLatency } from "@/lib/format/durations";
import type { WebhookDelivery } from "@/lib/svc/schemas/webhooks";
import { Badge } from "@/components/ui/badge";
import { Timestamp } from "@/components/ui/timestamp";
import { attemptWords, deliveryStatusLabels, eventTypeWords } from "@/lib/webhooks/display";

const statusTones = { succeeded: "green", failed: "red", pending: "amber" } as const;

/** One attempt as the table shows it: the service's deliveries, and the alerts webhook's attempts. */
export type DeliveryRow = Omit<WebhookDelivery, "event_type"> & { event_type: string };

/**
 * Delivery attempts, newest first: what was sent (event, attempt) and what the endpoint
 * answered. The response excerpt is the endpoint's text and is shown as text, never as markup.
 * The service's event types and attempt count unless told otherwise.
 */
export function DeliveriesTable({
  deliveries,
  caption,
  eventLabel = (type) => eventTypeWords(type).label,
  attemptLabel = attemptWords,
}: {
  deliveries: DeliveryRow[];
  caption: string;
  eventLabel?: (type: string) => string;
  attemptLabel?: (attempt: number) => string;
}) {
  return (
    // Focusable because it may scroll sideways: a keyboard user can reach every column.
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="relative overflow-x-auto rounded-md border border-slate-200 bg-white"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {["Attempted", "Event", "Attempt", "Status", "Response", "Duration", "Next attempt"].map((h) => (
              <th key={h} scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d) => (
            <tr key={d.id} className="border-b border-slate-100 align-top last:border-0">
              <td className="whitespace-nowrap px-3 py-2 tabular-nums">
                {d.status === "pending" ? <span className="text-slate-600">Due </span> : null}
                <Timestamp at={d.attempted_at} year={false} />
              </td>
              <td className="px-3 py-2">
                <span className="block whitespace-nowrap">{eventLabel(d.event_type)}</span>
                <code className="text-xs text-slate-600">{d.event_id}</code>
              </td>
              <td className="whitespace-nowrap px-3 py-2 tabular-nums">{attemptLabel(d.attempt)}</td>
              <td className="px-3 py-2">
                <Badge tone={knownOr(statusTones, d.status, () => "neutral")}>
                  {labelOf(deliveryStatusLabels, d.status)}
                </Badge>
              </td>
              <td className="min-w-56 max-w-md px-3 py-2">
                <ResponseCell delivery={d} />
              </td>
              <td className="whitespace-nowrap px-3 py-2 tabular-nums">{formatLatency(d.duration_ms)}</td>
              <td className="whitespace-nowrap px-3 py-2 tabular-nums">
                {d.next_attempt_at ? (
                  <Timestamp at={d.next_attempt_at} year={false} />
                ) : (
                  <span className="text-slate-600">—</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ResponseCell({ delivery: d }: { delivery: DeliveryRow }) {
  if (d.status === "pending") return <span className="text-slate-600">Not sent yet</span>;
  return (
    <div className="space-y-1">
      <p className="tabular-nums">
        {d.response_status === null ? (
          <span className="text-slate-600">No HTTP answer</span>
        ) : (
          <>HTTP {d.response_status}</>
        )}
      </p>
      {d.error ? <p className="text-red-800">Error: {d.error}</p> : null}
      {d.response_body ? (
        // Text content: React escapes it, so an HTML answer is shown, never rendered. Focusable
        // because it scrolls: a keyboard user can read all of it. At most the first 1 KiB.
        <pre
          tabIndex={0}
          className="max-h-24 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 font-mono text-xs text-slate-800"
        >
          {d.response_body}
        </pre>
      ) : null}
    </div>
  );
}
