"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { StatusLine, StatusScope, useSay } from "@/components/ui/action-status";
import { Link } from "@/components/ui/link";
import { changeConnection, connectionQuery, rotateDashboardSecret } from "@/lib/webhooks/dashboard-queries";
import { formatUtc } from "@/lib/format/times";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import { PermissionNote } from "@/components/ui/permission-note";
import { Button } from "@/components/ui/button";
import { describeError } from "@/components/ui/error-panel";

const READ_ONLY_REASON =
  "Your session uses a read-only key, which cannot create or delete webhook subscriptions. Sign in with a standard key to connect or disconnect this dashboard.";

/**
 * "This dashboard": whether the service sends this account's events to the dashboard's own
 * receiver, with Connect / Disconnect and a link to what was received. What a button did is
 * said at the foot of the panel.
 */
export function DashboardConnection(props: { keyKind: ApiKeyKind | null }) {
  return (
    <StatusScope>
      <Connection {...props} />
    </StatusScope>
  );
}

function Connection({ keyKind }: { keyKind: ApiKeyKind | null }) {
  const noteId = useId();
  const queryClient = useQueryClient();
  const say = useSay();
  const status = useQuery(connectionQuery());
  const change = useMutation({
    mutationFn: (connect: boolean) => changeConnection(queryClient, connect),
    onSuccess: (result) =>
      say(
        result.connected
          ? "This dashboard is connected: the service will send it your events."
          : "This dashboard is disconnected.",
      ),
  });
  const [confirmingRotate, setConfirmingRotate] = useState(false);
  const rotate = useMutation({
    mutationFn: () => rotateDashboardSecret(queryClient),
    onSuccess: () => {
      setConfirmingRotate(false);
      say("The dashboard's signing secret was rotated. The previous one is still accepted for 24 hours.");
    },
  });
  const readOnly = keyKind === "read_only";
  const connected = status.data?.connected ?? false;

  return (
    <section
      aria-labelledby={`${noteId}-title`}
      data-testid="dashboard-connection"
      data-state={
        status.isPending ? "loading" : status.isError ? "error" : connected ? "connected" : "not-connected"
      }
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id={`${noteId}-title`} className="text-base font-semibold">
            This dashboard:{" "}
            {status.isPending ? (
              <span className="text-slate-500">checking…</span>
            ) : status.isError ? (
              <span className="text-slate-500">unknown</span>
            ) : connected ? (
              <span className="text-emerald-700">connected</span>
            ) : (
              <span className="text-slate-700">not connected</span>
            )}
          </h2>
          <p className="text-sm text-slate-600">
            {connected && status.data?.sink
              ? `Receiving every event type since ${formatUtc(status.data.sink.created_at, { seconds: false })}${
                  status.data.subscription?.status === "disabled" ? " (the subscription is disabled)" : ""
                }.`
              : "Connect it to have the service send your events here, so open pages update as prices change."}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <Link href="/webhooks/inbox" className="text-sm font-medium text-brand-700 underline">
            Inbox
          </Link>
          {status.isSuccess && connected && !readOnly ? (
            confirmingRotate ? (
              <span className="flex items-center gap-2 text-sm">
                <span>Rotate the secret now?</span>
                <Button variant="secondary" disabled={rotate.isPending} onClick={() => rotate.mutate()}>
                  {rotate.isPending ? "Rotating…" : "Rotate"}
                </Button>
                <Button variant="secondary" onClick={() => setConfirmingRotate(false)}>
                  Cancel
                </Button>
              </span>
            ) : (
              <Button variant="secondary" onClick={() => setConfirmingRotate(true)}>
                Rotate secret
              </Button>
            )
          ) : null}
          {status.isSuccess ? (
            <Button
              variant={connected ? "secondary" : "primary"}
              disabled={readOnly || change.isPending}
              aria-describedby={readOnly ? noteId : undefined}
              onClick={() => change.mutate(!connected)}
            >
              {change.isPending
                ? connected
                  ? "Disconnecting…"
                  : "Connecting…"
                : connected
                  ? "Disconnect"
                  : "Connect"}
            </Button>
          ) : null}
        </div>
      </div>
      {readOnly ? <PermissionNote id={noteId}>{READ_ONLY_REASON}</PermissionNote> : null}
      <p role="alert" className="text-sm text-red-700">
        {status.isError
          ? `We couldn't check the connection. ${describeError(status.error)}`
          : change.isError
            ? describeError(change.error)
            : rotate.isError
              ? describeError(rotate.error)
              : ""}
      </p>
      <StatusLine />
    </section>
  );
}
