"use client";

import { useQuery, useQueryClient, type QueryClient, type UseQueryResult } from "@tanstack/react-query";
import { useMemo } from "react";
import { Link } from "@/components/ui/link";
import { flagsQuery } from "@/lib/listing/records/queries";
import {
  ATTENTION_LIMIT,
  attentionItems,
  LOW_OCCUPANCY_PERCENT,
  reasonText,
  type AttentionReason,
} from "@/lib/overview/attention";
import { knownLowest } from "@/lib/overview/lowest-occupancy";
import { lowestOccupancyQuery } from "@/lib/overview/queries";
import type { ListingFlag } from "@/lib/svc/schemas/listing-extras";
import type { Notification } from "@/lib/svc/schemas/notifications";
import type { Inbox } from "@/lib/webhooks/dashboard-queries";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { OverviewCard } from "@/components/overview/overview-card";
import { PacedStatus } from "@/components/ui/paced-status";
import type { KnownListings } from "@/components/overview/use-known-listings";
import type { OverviewPortfolio } from "@/components/overview/use-overview-portfolio";
import { usePacedLoad } from "@/components/ui/use-paced-load";
import { formatCount } from "@/lib/format/numbers";

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
 * Listings needing attention: low occupancy in the next 14 nights (the service's lowest-first
 * ranking, one request), recent flags events from the Inbox and notifications that name a
 * listing; every listing's flags only when asked, because they are a read per listing. In a
 * portfolio larger than one page, a low-occupancy row is named only once every listing ranked
 * lower is known (lib/overview/lowest-occupancy.ts).
 */
export function AttentionCard({
  portfolio,
  known,
  notifications,
  inbox,
  now,
}: {
  portfolio: OverviewPortfolio;
  known: KnownListings;
  notifications: readonly Notification[];
  inbox: UseQueryResult<Inbox>;
  now: number;
}) {
  const queryClient = useQueryClient();
  const { index } = portfolio;
  const lowest = useQuery(lowestOccupancyQuery());
  const complete = index?.complete ?? false;

  const checkable = useMemo(
    () => (complete ? index!.listings.filter((l) => !l.is_hidden && l.is_active).map((l) => l.svc_id) : []),
    [complete, index],
  );
  const flagsCheck = usePacedLoad(checkable, fetchFlags);

  // Flags the user has already read (a listing's Flags tab) count without a request.
  const flags = new Map<string, readonly ListingFlag[]>();
  for (const id of checkable) {
    const cached = queryClient.getQueryData<ListingFlag[]>(flagsQuery(id).queryKey);
    if (cached) flags.set(id, cached);
  }
  for (const [id, found] of flagsCheck.results) flags.set(id, found);

  const failed = portfolio.isError ? portfolio : lowest.isError ? lowest : null;
  const ready = index && lowest.data && !inbox.isPending && !known.pending;
  const ranking = ready
    ? complete
      ? { rows: lowest.data!, unknownBelow: 0 }
      : knownLowest(lowest.data!, known.get)
    : { rows: [], unknownBelow: 0 };
  const items = ready
    ? attentionItems({
        listings: complete ? index!.listings : known.all,
        occupancyNext14: ranking.rows,
        inboxEvents: inbox.data?.events ?? [],
        notifications,
        flags,
        now,
      })
    : [];
  const size = index?.total ?? 0;

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
        // As many rows as the card shows at most, at a row's height, and the flags check below.
        <div aria-hidden="true">
          <div className="divide-y divide-slate-100">
            {Array.from({ length: ATTENTION_LIMIT }, (_, i) => (
              <div key={i} className="py-2">
                <Skeleton className="h-6 w-full max-w-md" />
              </div>
            ))}
          </div>
          <div className="mt-3 border-t border-slate-100 pt-3">
            <Skeleton className="h-9 w-80" />
          </div>
        </div>
      ) : (
        <>
          {ranking.unknownBelow > 0 ? (
            <LowestUnnamed unknownBelow={ranking.unknownBelow} size={size} portfolio={portfolio} />
          ) : null}
          {items.length === 0 && ranking.unknownBelow > 0 ? null : items.length === 0 ? (
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
            {!complete ? (
              <span className="text-xs text-slate-600">
                Checking flags reads one request per listing, so it needs every listing first: add up all{" "}
                {formatCount(size)} listings in the pulse above, then check.
              </span>
            ) : flagsCheck.state !== "running" ? (
              <Button
                variant="secondary"
                onClick={() => void flagsCheck.start()}
                disabled={checkable.length === 0}
              >
                {flagsCheck.state === "idle"
                  ? `Check every listing's flags (${formatCount(checkable.length)} requests, paced)`
                  : "Check flags again"}
              </Button>
            ) : null}
            {complete && flagsCheck.state === "idle" ? (
              <span className="text-xs text-slate-600">
                {formatCount(checkable.length)} active, visible listings, at most 4 at a time, pausing when
                your minute&apos;s budget runs low.
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

/**
 * The service ranks hidden and inactive listings too, and only their records say which they
 * are: below the first unknown one, the list cannot say which listing is lowest.
 */
function LowestUnnamed({
  unknownBelow,
  size,
  portfolio,
}: {
  unknownBelow: number;
  size: number;
  portfolio: OverviewPortfolio;
}) {
  const { whole } = portfolio;
  return (
    <div className="mb-2 flex flex-wrap items-center gap-3 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
      <p className="min-w-0 flex-1">
        {formatCount(unknownBelow)} listings at the bottom of the service&apos;s ranking are below{" "}
        {LOW_OCCUPANCY_PERCENT} % booked for the next 14 nights, but the ranking includes inactive and hidden
        listings, so which of them need a look is named once every listing is read.
      </p>
      {whole.state === "running" ? (
        <span role="status" className="text-xs">
          Reading every listing: {formatCount(whole.covered)} of {formatCount(size)}…
        </span>
      ) : (
        <Button variant="secondary" onClick={whole.start}>
          Read all {formatCount(size)} listings
          {whole.estimate === null ? "" : ` (${formatCount(whole.estimate)} requests, paced)`}
        </Button>
      )}
    </div>
  );
}
