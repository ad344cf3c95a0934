"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { EndpointInput } from "@/lib/alerts/outgoing-webhook";
import {
  alertsWebhookQuery,
  rotateEndpointSecret,
  saveEndpoint,
  sendTestMessage,
  type EndpointView,
} from "@/lib/alerts/outgoing-webhook-queries";
import { queryKeys } from "@/lib/queries/keys";
import { StatusLine, StatusScope, useSay } from "@/components/ui/action-status";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { describeError, ErrorPanel } from "@/components/ui/error-panel";
import { OneTimeSecret } from "@/components/ui/one-time-secret";
import { PermissionNote } from "@/components/ui/permission-note";
import { Timestamp } from "@/components/ui/timestamp";
import { EndpointForm } from "@/components/alerts-webhook/endpoint-form";
import { MessagesList } from "@/components/alerts-webhook/messages-list";

export const READ_ONLY_NOTE =
  "Your session uses a read-only key: you can see the endpoint and its deliveries, not change them. Sign in with a standard key to change them.";

const browserZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
};

/** The alerts webhook page's body: the endpoint, its secret, a test, and what was sent. */
export function AlertsWebhookView() {
  const endpoint = useQuery(alertsWebhookQuery());
  if (endpoint.isPending)
    return (
      <div role="status" aria-busy="true" aria-label="Loading the alerts webhook" className="space-y-3">
        <div className="h-5 w-48 animate-pulse rounded bg-slate-200" />
        <div className="h-32 animate-pulse rounded-lg bg-slate-100" />
      </div>
    );
  if (endpoint.isError)
    return <ErrorPanel error={endpoint.error} onRetry={() => endpoint.refetch()} what="the alerts webhook" />;
  const { endpoint: saved, can_edit: canEdit } = endpoint.data;
  return (
    <div className="space-y-8">
      <StatusScope>
        <EndpointSection endpoint={saved} canEdit={canEdit} />
      </StatusScope>
      <section aria-labelledby="alerts-webhook-deliveries" className="space-y-3">
        <h2 id="alerts-webhook-deliveries" className="text-lg font-semibold">
          Deliveries
        </h2>
        <p className="max-w-3xl text-sm text-slate-600">
          Each message is tried again after a failure: 30 seconds, 2 minutes, 10 minutes, 1 hour and 6 hours
          later, with the same webhook-id, then given up. An attempt fails on an answer other than 2xx or no
          answer within 10 seconds.
        </p>
        <MessagesList />
      </section>
    </div>
  );
}

function EndpointSection({ endpoint, canEdit }: { endpoint: EndpointView | null; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const say = useSay();
  const [secret, setSecret] = useState<{ value: string; rotated: boolean } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.alertsWebhook.all });

  const save = async (values: EndpointInput) => {
    const saved = await saveEndpoint(values);
    queryClient.setQueryData(alertsWebhookQuery().queryKey, { endpoint: saved.endpoint, can_edit: canEdit });
    if (saved.secret) setSecret({ value: saved.secret, rotated: false });
    else say("The endpoint is saved.");
  };
  const rotate = useMutation({
    mutationFn: rotateEndpointSecret,
    onSuccess: (answer) => {
      setConfirming(false);
      setSecret({ value: answer.secret, rotated: true });
      void refresh();
    },
    onError: (error) => {
      setConfirming(false);
      say(`The secret was not rotated. ${describeError(error)}`, "error");
    },
  });
  const test = useMutation({
    mutationFn: sendTestMessage,
    onSuccess: (message) => {
      const last = message.attempts.at(-1);
      say(
        message.state === "succeeded"
          ? `The test was delivered: your endpoint answered HTTP ${last?.response_status}.`
          : `The test was not delivered${last?.response_status ? `: your endpoint answered HTTP ${last.response_status}` : last?.error ? `: ${last.error}` : ""}. It is tried again as any message is; see Deliveries.`,
        message.state === "succeeded" ? "success" : "warning",
      );
      void refresh();
    },
    onError: (error) => say(`The test was not sent. ${describeError(error)}`, "error"),
  });

  if (secret)
    return (
      <section aria-labelledby="alerts-webhook-secret" className="max-w-3xl space-y-3">
        <h2 id="alerts-webhook-secret" className="text-lg font-semibold">
          Signing secret
        </h2>
        <OneTimeSecret
          intro={
            secret.rotated
              ? "Messages are signed with this new secret from the next attempt on; the previous secret signs nothing more."
              : "Every message to your endpoint is signed with this secret (Standard Webhooks: the webhook-id, webhook-timestamp and webhook-signature headers)."
          }
          warning="Copy this secret now. It cannot be read back."
          advice="Your receiver checks each message's webhook-signature with it, for example with the standardwebhooks library's Webhook.verify. If you lose it, rotate the secret to get a new one."
          label="Signing secret"
          noun="secret"
          secret={secret.value}
          onDone={() => setSecret(null)}
        />
      </section>
    );

  return (
    <section aria-labelledby="alerts-webhook-endpoint" className="max-w-3xl space-y-4">
      <h2 id="alerts-webhook-endpoint" className="text-lg font-semibold">
        Endpoint
      </h2>
      {canEdit ? null : <PermissionNote id="alerts-webhook-read-only">{READ_ONLY_NOTE}</PermissionNote>}
      {!endpoint && !canEdit ? (
        <p className="text-sm text-slate-600">No endpoint is set for this account.</p>
      ) : (
        <EndpointForm
          key={endpoint?.updated_at ?? "new"}
          canEdit={canEdit}
          submitLabel={endpoint ? "Save changes" : "Save and make the secret"}
          defaultValues={
            endpoint
              ? {
                  url: endpoint.url,
                  enabled: endpoint.enabled,
                  digest_time: endpoint.digest_time,
                  time_zone: endpoint.time_zone,
                }
              : { url: "", enabled: true, digest_time: "07:00", time_zone: browserZone() }
          }
          onSave={save}
        />
      )}
      {endpoint ? (
        <div className="space-y-2 border-t border-slate-100 pt-4 text-sm text-slate-700">
          <p>
            Secret made <Timestamp at={endpoint.secret_rotated_at} className="tabular-nums" />.{" "}
            {endpoint.next_digest_at ? (
              <>
                Next digest due <Timestamp at={endpoint.next_digest_at} className="tabular-nums" />, if digest
                rules fired.
              </>
            ) : (
              "The endpoint is off: nothing is sent."
            )}
          </p>
          {canEdit ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" disabled={test.isPending} onClick={() => test.mutate()}>
                {test.isPending ? "Sending\u2026" : "Send a test"}
              </Button>
              <AlertDialog
                open={confirming}
                onOpenChange={(next) => {
                  if (!rotate.isPending) setConfirming(next);
                }}
                title="Rotate the signing secret?"
                description="A new secret signs every message from the next attempt on, and the current one stops at once: your receiver must be given the new secret."
                trigger={<Button variant="secondary">Rotate secret</Button>}
                confirm={
                  <Button variant="danger" disabled={rotate.isPending} onClick={() => rotate.mutate()}>
                    {rotate.isPending ? "Rotating\u2026" : "Rotate secret"}
                  </Button>
                }
              />
            </div>
          ) : null}
        </div>
      ) : null}
      <StatusLine />
    </section>
  );
}
