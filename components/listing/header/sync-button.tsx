"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { pricingTierQuery, syncListing } from "@/lib/listing/records/queries";
import { retryDelay, shouldRetry } from "@/lib/queries/retry";
import { isSvcError } from "@/lib/svc/errors";
import { answerFromError, syncState, type SyncAnswer } from "@/lib/listing/header/sync-state";
import { formatCountdown, formatDuration } from "@/lib/format/durations";
import { formatUtcTime } from "@/lib/format/times";
import { useNow } from "@/components/shell/use-now";
import { Button } from "@/components/ui/button";
import { describeError } from "@/components/ui/error-panel";
import type { ListingTabProps } from "@/components/listing/tab-props";

const SyncIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5 fill-current">
    <path d="M8 2a6 6 0 0 1 5.2 3H11v1.5h4.5V2H14v1.7A7.5 7.5 0 0 0 .5 8H2a6 6 0 0 1 6-6Zm6 6a6 6 0 0 1-11.2 3H5V9.5H.5V14H2v-1.7A7.5 7.5 0 0 0 15.5 8H14Z" />
  </svg>
);

/**
 * Pushes the latest recommendations to the channel and refreshes reservations. It spends no
 * request until clicked: the plan comes from the header's pricing tier answer. The service's
 * rules are shown, not discovered: Free tier, viewers and read-only keys get a disabled
 * button with the reason; a debounced sync counts down from Retry-After; the daily cap says
 * when it resets.
 */
export function SyncButton({ listing, readOnly }: ListingTabProps) {
  const queryClient = useQueryClient();
  const noteId = useId();
  const tier = useQuery(pricingTierQuery(listing.svc_id));
  const [last, setLast] = useState<{ answer: SyncAnswer; at: number } | null>(null);

  const sync = useMutation({
    mutationFn: () => syncListing(queryClient, listing.svc_id),
    // A debounce or the daily cap is a 429 too, but retrying it is pointless: the countdown
    // says when. Only the service's own rate limit (and a 409) are retried.
    retry: (count, error) =>
      isSvcError(error) &&
      error.code !== "sync_debounced" &&
      error.code !== "sync_daily_limit" &&
      shouldRetry(count, error),
    retryDelay,
    // The answer is said beside the button (the note below), not over the page.
    onSuccess: (data) => setLast({ answer: { kind: "queued", queuedAt: data.queued_at }, at: Date.now() }),
    onError: (error) => {
      const at = Date.now();
      setLast({ answer: answerFromError(error, at, describeError), at });
    },
  });

  const waiting = last?.answer.kind === "debounced" || last?.answer.kind === "daily_cap";
  const ticked = useNow(250, waiting);
  // The clock hook may hold a time from before the answer arrived: never count from earlier.
  const now = Math.max(ticked, last?.at ?? 0);
  const state = syncState({
    readOnly,
    access: listing.access_level,
    tier: tier.data?.name ?? null,
    tierPending: tier.isPending,
    last: last?.answer ?? null,
    pending: sync.isPending,
    now,
  });

  const disabled = state.kind !== "ready";
  const label =
    state.kind === "working"
      ? "Syncing…"
      : state.kind === "countdown"
        ? `Sync (${formatDuration(state.seconds)})`
        : "Sync now";

  // `said` is announced once (a live region); `ticking` changes every second and is not. A
  // muted note (why the button is off) is read with the button, not announced.
  let note: { said: string; ticking?: string; tone: "muted" | "done" | "warn" | "error" } | null = null;
  if (state.kind === "blocked") note = { said: state.reason, tone: "muted" };
  else if (state.kind === "countdown") {
    note = {
      said: "This listing was synced less than a minute ago.",
      ticking: `Sync again in ${formatDuration(state.seconds)}.`,
      tone: "warn",
    };
  } else if (state.kind === "daily_cap") {
    note = {
      said: `Daily sync limit reached. It resets at ${formatUtcTime(state.resetsAt)}.`,
      ticking: `(${formatCountdown(state.resetsAt, now)})`,
      tone: "warn",
    };
  } else if (state.kind === "ready" && state.note)
    note = { said: `Sync failed: ${state.note}`, tone: "error" };
  else if (last?.answer.kind === "queued") {
    note = {
      said: `Sync queued at ${formatUtcTime(last.answer.queuedAt)}: the latest prices go to the channel and reservations refresh.`,
      tone: "done",
    };
  }
  const toneClass = {
    error: "text-red-700",
    warn: "text-amber-900",
    done: "text-emerald-800",
    muted: "text-slate-600",
  };

  return (
    <div
      data-testid="sync"
      data-state={state.kind}
      className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1"
    >
      {note ? (
        <p id={noteId} className={`max-w-md text-right text-xs ${toneClass[note.tone]}`}>
          <span role={note.tone === "muted" ? undefined : "status"}>{note.said}</span>
          {note.ticking ? <span> {note.ticking}</span> : null}
        </p>
      ) : null}
      <Button
        variant="secondary"
        disabled={disabled}
        aria-describedby={note ? noteId : undefined}
        onClick={() => sync.mutate()}
      >
        <SyncIcon />
        {label}
      </Button>
    </div>
  );
}
