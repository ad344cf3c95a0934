"use client";

import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useMemo } from "react";
import { flagsQuery } from "@/lib/listing/records/queries";
import {
  attentionItems,
  LOW_OCCUPANCY_PERCENT,
  reasonText,
  type AttentionReason,
} from "@/lib/overview/attention";
import { occupancyNext14Query, overviewPortfolioQuery } from "@/lib/overview/queries";
import type { ListingFlag } from "@/lib/svc/schemas/listing-extras";
import type { Notification } from "@/lib/svc/schemas/notifications";
import { inboxQuery } from "@/lib/webhooks/dashboard-queries";
import { useNow } from "../shell/use-now";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { ErrorPanel } from "../ui/error-panel";
import { Skeleton } from "../ui/skeleton";
import { OverviewCard } from "./overview-card";
import { PacedStatus } from "./paced-status";
import { usePacedLoad } from "./use-paced-load";

function ReasonBadge({ reason }: { reason: AttentionReason }) {
  const tone =
    reason.kind === "flags"
      ? reason.critical > 0
        ? "red"
        : reason.warning > 0
          ? "amber"
          : "neutral"
      : reason.kind === "flag_event"
        ? "amber"
        : reason.kind === "low_occupancy"
          ? "brand"
          : "neutral";
  return <Badge tone={tone}>{reasonText(reason)}</Badge>;
}

const fetchFlags = (client: QueryClient, id: string) => client.fetchQuery(flagsQuery(id));

/**
 * Listings needing attention: low occupancy in the next 14 nights (one ranking), recent
 * flags events from the Inbox and notifications that name a listing; every listing's flags
 * only when asked, because they are a read per listing.
 */
export function AttentionCard({ notifications }: { notifications: readonly Notification[] }) {
  const queryClient = useQueryClient();
  const portfolio = useQuery(overviewPortfolioQuery());
  const occupancy = useQuery(occupancyNext14Query());
  // The Inbox is the dashboard's own store; not connected simply means no events.
  const inbox = useQuery(inboxQuery());

  const checkable = useMemo(
    () => (portfolio.data ?? []).filter((l) => !l.is_hidden && l.is_active).map((l) => l.svc_id),
    [portfolio.data],
  );
  const flagsCheck = usePacedLoad(checkable, fetchFlags);
  // "Recent" events age out while the page stays open; a re-render a minute, no request.
  const now = useNow(60_000);

  // Flags the user has already read (a listing's Flags tab) count without a request.
  const flags = new Map<string, readonly ListingFlag[]>();
  for (const id of checkable) {
    const cached = queryClient.getQueryData<ListingFlag[]>(flagsQuery(id).queryKey);
    if (cached) flags.set(id, cached);
  }
  for (const [id, found] of flagsCheck.results) flags.set(id, found);

  const failed = [portfolio, occupancy].find((q) => q.isError);
  const ready = portfolio.data && occupancy.data && !inbox.isPending;
  const items = ready
    ? attentionItems({
        listings: portfolio.data!,
        occupancyNext14: occupancy.data!,
        inboxEvents: inbox.data?.events ?? [],
        notifications,
        flags,
        now,
      })
    : [];

  return (
    <OverviewCard
      title="Listings needing attention"
      description={`Below ${LOW_OCCUPANCY_PERCENT} % booked in the next 14 nights, named by a recent flags event or by a notification that asks for action (a flag, a failed rate post, a demand spike, a cancellation), or flagged once checked.`}
      state={failed ? "error" : ready ? "ready" : "loading"}
      testId="attention"
      className="lg:col-span-2"
    >
      {failed ? (
        <ErrorPanel
          what="the listings to look at"
          error={failed.error}
          onRetry={() => void failed.refetch()}
        />
      ) : !ready ? (
        <div className="space-y-2" aria-hidden="true">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-8 w-full" />
          ))}
        </div>
      ) : (
        <>
          {items.length === 0 ? (
            <p className="text-sm text-slate-600">
              Nothing stands out: every visible listing is at least {LOW_OCCUPANCY_PERCENT} % booked for the
              next 14 nights{flagsCheck.state === "done" ? " and none is flagged" : ""}.
            </p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Listings needing attention">
              {items.map((item) => (
                <li key={item.svcId} className="flex flex-wrap items-center gap-2 py-2">
                  <Link
                    href={`/listings/${encodeURIComponent(item.svcId)}${item.reasons[0]?.kind === "flags" ? "?tab=flags" : ""}`}
                    className="min-w-0 font-medium text-brand-700 underline-offset-2 hover:underline"
                  >
                    {item.name}
                  </Link>
                  <span className="flex flex-wrap gap-1">
                    {item.reasons.map((reason, i) => (
                      <ReasonBadge key={i} reason={reason} />
                    ))}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-3 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-3">
            {flagsCheck.state !== "running" ? (
              <Button
                variant="secondary"
                onClick={() => void flagsCheck.start()}
                disabled={checkable.length === 0}
              >
                {flagsCheck.state === "idle" ? "Check every listing's flags" : "Check flags again"}
              </Button>
            ) : null}
            {flagsCheck.state === "idle" ? (
              <span className="text-xs text-slate-600">
                {checkable.length} requests, at most 4 at a time, pausing when your minute&apos;s budget runs
                low.
              </span>
            ) : null}
            <PacedStatus
              state={flagsCheck.state}
              progress={flagsCheck.progress}
              noun="listings"
              onCancel={flagsCheck.cancel}
            />
          </div>
        </>
      )}
    </OverviewCard>
  );
}
