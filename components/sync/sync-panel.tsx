"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { StatusLine, StatusScope, useSay } from "@/components/ui/action-status";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { describeError, ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { StoredKey } from "@/components/sync/stored-key";
import { formatCount } from "@/lib/format/numbers";
import { formatUtc, formatUtcTime } from "@/lib/format/times";
import { readLines, readTotals, shareOf, stateOf, syncedOf, timeLeftOf } from "@/lib/sync/display";
import { changeSync, isSyncing, syncStatusQuery, type SyncAction, type SyncStatus } from "@/lib/sync/queries";

const DONE: Record<Exclude<SyncAction, "erase_key"> | "forget", string> = {
  start: "The sync started: your portfolio is being read in the background.",
  pause: "The sync is paused. Nothing more is read until you resume it.",
  resume: "The sync goes on.",
  forget: "The mirror was forgotten: every row read for this account was erased.",
};

/**
 * The Sync page: where the portfolio mirror stands, and Start / Pause / Resume / Forget, each
 * said done under the buttons.
 */
export function SyncPanel() {
  return (
    <StatusScope>
      <Panel />
    </StatusScope>
  );
}

function Panel() {
  const queryClient = useQueryClient();
  const say = useSay();
  const status = useQuery(syncStatusQuery());
  const change = useMutation({
    mutationFn: (action: Exclude<SyncAction, "erase_key"> | "forget") => changeSync(queryClient, action),
    onSuccess: (_, action) => say(DONE[action]),
  });

  if (status.isPending)
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label="Loading the portfolio sync"
        data-state="loading"
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      >
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-3 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  if (status.isError)
    return <ErrorPanel error={status.error} onRetry={() => void status.refetch()} what="the sync's status" />;

  const s = status.data;
  return (
    <div className="space-y-4">
      {s.enabled ? <Progress status={s} /> : <NotStarted />}
      <div className="flex flex-wrap items-center gap-3">
        {!s.enabled || s.state === "failed" ? (
          <Button disabled={change.isPending} onClick={() => change.mutate("start")}>
            {s.enabled ? "Start again" : "Start the sync"}
          </Button>
        ) : s.state === "paused" ? (
          <Button disabled={change.isPending} onClick={() => change.mutate("resume")}>
            Resume
          </Button>
        ) : (
          <Button variant="secondary" disabled={change.isPending} onClick={() => change.mutate("pause")}>
            Pause
          </Button>
        )}
        {s.enabled ? (
          <ForgetButton pending={change.isPending} onForget={() => change.mutateAsync("forget")} />
        ) : null}
      </div>
      <StatusLine />
      <p role="alert" className="text-sm text-red-700">
        {change.isError ? `That did not work. ${describeError(change.error)}` : ""}
      </p>
      {s.enabled ? <StoredKey status={s} /> : null}
    </div>
  );
}

function NotStarted() {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
      <h2 className="text-base font-semibold text-slate-900">No mirror yet</h2>
      <p className="mt-1 max-w-3xl">
        Start the sync to read your whole portfolio once, in the background, within a share of your API
        budget: the listings, their reservations, the next 365 nights of each price calendar, their flags and
        your markets. Pages then answer portfolio questions from it with no request per view, and the
        service&apos;s webhooks keep it fresh.
      </p>
    </div>
  );
}

function Progress({ status: s }: { status: SyncStatus }) {
  const titleId = useId();
  const state = stateOf(s.state);
  const left = isSyncing(s) ? timeLeftOf(s.minutes_left) : null;
  const totals = readTotals(s.reads);
  return (
    <section
      aria-labelledby={titleId}
      data-state={s.state}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={titleId} className="text-base font-semibold">
          Portfolio mirror
        </h2>
        <Badge tone={state.tone}>{state.label}</Badge>
        {s.as_of ? <span className="text-sm text-slate-600">As of {formatUtc(s.as_of)}</span> : null}
      </div>
      <div className="space-y-1">
        <progress
          className="h-2.5 w-full max-w-xl accent-brand-600"
          max={totals.total || 1}
          value={totals.done}
          aria-label={`Read ${formatCount(totals.done)} of ${formatCount(totals.total)}`}
        />
        <p className="text-sm text-slate-700">
          {(s.reads.listings?.done ?? 0) === 0
            ? "Reading the list of your listings…"
            : `Synced ${syncedOf(s)}${left ? `; ${left} left at the current pace.` : "."}`}
        </p>
        <p className="text-xs text-slate-600">
          {readLines(s.reads)
            .map((line) => `${line.noun}: ${line.text}`)
            .join(" · ")}
        </p>
      </div>
      <dl className="grid max-w-3xl grid-cols-1 gap-x-8 gap-y-2 text-sm sm:grid-cols-2">
        <Figure term="Requests spent">{formatCount(s.requests_spent)}</Figure>
        <Figure term="Share in use">{shareOf(s.share)}</Figure>
        <Figure term="Started">{s.started_at ? formatUtc(s.started_at) : "unknown"}</Figure>
        <Figure term="Last webhook event">{s.last_event_at ? formatUtc(s.last_event_at) : "none yet"}</Figure>
      </dl>
      {s.state === "waiting_for_budget" ? (
        <p className="text-sm text-amber-900">
          {s.retry_at
            ? `The pricing service's rate limit was reached; the sync goes on at ${formatUtcTime(s.retry_at)}.`
            : "Your pages are using the minute's budget: the sync waits for the next minute so that they keep room."}
        </p>
      ) : null}
      {s.waiting_for_user ? (
        <p className="text-sm text-slate-700">
          The sync reads with the key of someone of your account who has the dashboard open; it goes on when
          someone is signed in.
        </p>
      ) : null}
      {s.last_error ? (
        <p className="text-sm text-red-800">
          <span className="font-medium">Last error:</span> {s.last_error}
        </p>
      ) : null}
    </section>
  );
}

function Figure({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b border-slate-100 py-1">
      <dt className="text-slate-600">{term}</dt>
      <dd className="font-medium tabular-nums text-slate-900">{children}</dd>
    </div>
  );
}

function ForgetButton({ pending, onForget }: { pending: boolean; onForget: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog
      open={open}
      onOpenChange={setOpen}
      title="Forget this account's mirror?"
      description="Every row read for your account is erased from this dashboard, with the sync's progress. Pages read the service live until you start the sync again."
      trigger={<Button variant="ghost">Forget the mirror</Button>}
      confirm={
        <Button
          variant="danger"
          disabled={pending}
          onClick={() =>
            void onForget().then(
              () => setOpen(false),
              () => undefined,
            )
          }
        >
          {pending ? "Forgetting…" : "Forget the mirror"}
        </Button>
      }
    />
  );
}
