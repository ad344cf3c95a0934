"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DeliverySettingsInput } from "@/lib/alerts/delivery-settings";
import { deliveryQuery, saveDelivery, sendTestEmail } from "@/lib/alerts/delivery-settings-queries";
import { StatusLine, StatusScope, useSay } from "@/components/ui/action-status";
import { Button } from "@/components/ui/button";
import { ErrorPanel, describeError } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { DeliveryForm } from "@/components/alerts-delivery/delivery-form";

/** What e-mail will do for this person: whether it is set up, the next digest, the last one. */
function Summary({
  configured,
  next,
  last,
  saved,
}: {
  configured: boolean;
  next: string | null;
  last: string | null;
  saved: boolean;
}) {
  return (
    <div className="max-w-2xl space-y-1 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-800">
      {configured ? null : (
        <p id="delivery-not-configured" className="font-medium text-amber-900">
          E-mail is not set up on this server (no SMTP_URL), so nothing is sent. Your settings are kept for
          when it is.
        </p>
      )}
      <p>
        {!saved
          ? "Nothing is sent to you yet: save an address to receive alerts by e-mail."
          : next
            ? `Next digest: ${next}.`
            : "Your morning digest is off."}
      </p>
      {last ? <p>{last}</p> : null}
    </div>
  );
}

function TestButton({ disabled, notes }: { disabled: boolean; notes: string[] }) {
  const say = useSay();
  const test = useMutation({
    mutationFn: sendTestEmail,
    onSuccess: ({ sent_to }) => say(`A test e-mail went to ${sent_to}.`, "success"),
    onError: (error) => say(describeError(error), "error"),
  });
  return (
    <Button
      variant="secondary"
      disabled={disabled || test.isPending}
      aria-describedby={notes.join(" ") || undefined}
      onClick={() => test.mutate()}
    >
      {test.isPending ? "Sending\u2026" : "Send a test e-mail"}
    </Button>
  );
}

function Editor() {
  const client = useQueryClient();
  const say = useSay();
  const query = useQuery(deliveryQuery());
  if (query.isPending)
    return (
      <div role="status" aria-busy="true" aria-label="Loading your delivery settings" className="space-y-3">
        <Skeleton className="h-16 max-w-2xl" />
        <Skeleton className="h-64 max-w-md" />
      </div>
    );
  if (query.isError)
    return (
      <ErrorPanel error={query.error} what="your delivery settings" onRetry={() => void query.refetch()} />
    );
  const answer = query.data;
  const save = async (values: DeliverySettingsInput) => {
    try {
      const saved = await saveDelivery(values);
      client.setQueryData(deliveryQuery().queryKey, saved);
      say(saved.next_digest ? `Saved. Next digest: ${saved.next_digest}.` : "Saved.", "success");
    } catch (error) {
      throw new Error(describeError(error));
    }
  };
  const saved = answer.settings !== null;
  return (
    <div className="space-y-6">
      <Summary
        configured={answer.email_configured}
        next={answer.next_digest}
        last={answer.last_digest}
        saved={saved}
      />
      <DeliveryForm answer={answer} onSave={save} />
      <div className="flex flex-wrap items-center gap-3">
        <TestButton
          disabled={!answer.email_configured || !saved}
          notes={answer.email_configured ? [] : ["delivery-not-configured"]}
        />
        {saved ? null : <p className="text-sm text-slate-600">Save an address first; the test goes to it.</p>}
      </div>
      <StatusLine />
    </div>
  );
}

/** The page's body: the summary, the form, the test e-mail, and what an action did, said beside them. */
export function DeliveryView() {
  return (
    <StatusScope>
      <Editor />
    </StatusScope>
  );
}
