"use client";

import { useQuery } from "@tanstack/react-query";
import { MAX_ATTEMPTS, MESSAGE_TYPE_WORDS, type MessageType } from "@/lib/alerts/outgoing-webhook";
import { alertsWebhookDeliveriesQuery, type MessageView } from "@/lib/alerts/outgoing-webhook-queries";
import { Badge } from "@/components/ui/badge";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Timestamp } from "@/components/ui/timestamp";
import { DeliveriesTable } from "@/components/webhooks/deliveries-table";
import { rowsOf } from "@/components/alerts-webhook/message-rows";

const typeWords = (type: string) => MESSAGE_TYPE_WORDS[type as MessageType] ?? type;
const STATES: Record<string, { label: string; tone: "green" | "red" | "amber" }> = {
  succeeded: { label: "Delivered", tone: "green" },
  failed: { label: "Given up", tone: "red" },
  pending: { label: "Retrying", tone: "amber" },
};

/** The messages sent to the endpoint, newest first, each with its attempts and what it sent. */
export function MessagesList() {
  const messages = useQuery(alertsWebhookDeliveriesQuery());
  if (messages.isPending)
    return (
      <p role="status" aria-busy="true" className="text-sm text-slate-600">
        {"Loading deliveries\u2026"}
      </p>
    );
  if (messages.isError)
    return <ErrorPanel error={messages.error} onRetry={() => messages.refetch()} what="the deliveries" />;
  if (messages.data.messages.length === 0)
    return (
      <p className="text-sm text-slate-600">
        Nothing sent yet. A message goes out when a rule with immediate webhook delivery fires, at the digest
        time when digest rules fired, or when you send a test.
      </p>
    );
  return (
    <ol className="space-y-4" aria-label="Messages sent">
      {messages.data.messages.map((m) => (
        <li key={m.id}>
          <MessageCard message={m} />
        </li>
      ))}
    </ol>
  );
}

function MessageCard({ message: m }: { message: MessageView }) {
  const state = STATES[m.state] ?? { label: m.state, tone: "amber" as const };
  const title = `${typeWords(m.type)}${m.digest_date ? ` of ${m.digest_date}` : ""}`;
  return (
    <article aria-label={title} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="text-sm font-semibold">{title}</h3>
        <Badge tone={state.tone}>{state.label}</Badge>
        <span className="text-xs text-slate-600">
          Made <Timestamp at={m.created_at} year={false} className="tabular-nums" />
        </span>
      </header>
      <DeliveriesTable
        deliveries={rowsOf(m)}
        caption={`Attempts of ${title}, ${m.id}`}
        eventLabel={typeWords}
        attemptLabel={(n) => `${n} of ${MAX_ATTEMPTS}`}
      />
      <details className="text-sm">
        <summary className="cursor-pointer text-slate-700">Request body</summary>
        {/* Text content: shown, never rendered. Focusable because it scrolls. */}
        <pre
          tabIndex={0}
          className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 font-mono text-xs text-slate-800"
        >
          {pretty(m.body)}
        </pre>
      </details>
    </article>
  );
}

const pretty = (body: string) => {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
};
