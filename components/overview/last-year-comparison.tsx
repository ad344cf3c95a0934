"use client";

import { useQuery, type QueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { todayUtc } from "@/lib/format/dates";
import { formatCount } from "@/lib/format/numbers";
import { periodKpisQuery } from "@/lib/listing/kpis/queries";
import { compareMonths, liveCoverage, mirrorCoverage } from "@/lib/overview/months";
import { formatUtcTime } from "@/lib/format/times";
import { mirrorOverviewQuery } from "@/lib/sync/queries";
import { Link } from "@/components/ui/link";
import type { MonthlyKpis } from "@/lib/svc/schemas/kpis";
import type { Listing } from "@/lib/svc/schemas/listings";
import { Button } from "@/components/ui/button";
import { PacedStatus } from "@/components/ui/paced-status";
import { usePacedLoad } from "@/components/ui/use-paced-load";
import { LastYearTable } from "@/components/overview/last-year-table";

/**
 * This month and next, as booked today, against the same months last year as they finally
 * stood. From the portfolio mirror when the account has one: no request, with how fresh it is
 * and how many listings it covers so far. Otherwise (or for the listings the mirror does not
 * cover yet) the interface has no portfolio-wide monthly read, so the live comparison costs
 * one request per listing: it runs only when asked, paced, and its answers are the listing
 * workspace's own monthly KPIs. Figures covering only some listings (a read running, paused
 * or stopped; a mirror still filling) are marked partial with how many they cover.
 */
export function LastYearComparison({
  listings,
}: {
  listings: readonly Pick<Listing, "svc_id" | "currency">[];
}) {
  const listingIds = useMemo(() => listings.map((l) => l.svc_id), [listings]);
  const fetchOne = useCallback(
    (client: QueryClient, id: string) =>
      client.fetchQuery(periodKpisQuery(id, "monthly")) as Promise<MonthlyKpis>,
    [],
  );
  const load = usePacedLoad(listingIds, fetchOne);
  const mirror = useQuery(mirrorOverviewQuery()).data;
  const fromMirror = mirror?.enabled && mirror.listings_covered > 0 && load.state === "idle" ? mirror : null;
  const wholeMirror = !!fromMirror && fromMirror.listings_covered >= fromMirror.listings_total;
  const answers = [...load.results.values()];
  const comparisons = fromMirror
    ? fromMirror.comparisons
    : load.state === "idle"
      ? []
      : compareMonths(answers, todayUtc());
  const coverage = fromMirror
    ? mirrorCoverage(fromMirror.comparisons, fromMirror.listings_covered, fromMirror.listings_total)
    : liveCoverage(answers, listings);

  return (
    <div
      className="border-t border-slate-100 pt-3"
      data-testid="last-year"
      data-state={load.state}
      data-source={fromMirror ? "mirror" : "live"}
    >
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="text-sm font-semibold text-slate-800">
          This month and next: on the books today against last year&apos;s final figures
        </h3>
        {fromMirror?.as_of ? (
          <span className="text-xs text-slate-600">
            From the portfolio mirror, as of {formatUtcTime(fromMirror.as_of, { seconds: false })}
          </span>
        ) : null}
        {load.state !== "running" && !wholeMirror ? (
          <Button variant="secondary" onClick={() => void load.start()} disabled={listingIds.length === 0}>
            {load.state === "idle"
              ? `${fromMirror ? "Compare every listing live" : "Compare with last year"} (${formatCount(listingIds.length)} requests, paced)`
              : "Read again"}
          </Button>
        ) : null}
      </div>
      <p className="mt-1 max-w-3xl text-xs text-slate-600">
        This year&apos;s months as booked today, nights still to come included; last year&apos;s as they
        finally stood. A month still ahead usually gains bookings before it ends, so falling short of last
        year&apos;s final figures is expected; Pace sets today&apos;s books against the same day last year.
      </p>
      {fromMirror && !wholeMirror ? (
        <p className="mt-1 text-xs text-slate-600">
          The mirror covers {formatCount(fromMirror.listings_covered)} of{" "}
          {formatCount(fromMirror.listings_total)} listings so far; the sync is reading the rest.
        </p>
      ) : null}
      {load.state === "idle" && !fromMirror ? (
        <p className="mt-1 text-xs text-slate-600">
          Reads each listing&apos;s monthly figures: {formatCount(listingIds.length)} requests, at most 4 at a
          time, pausing when your minute&apos;s budget runs low. Listings you open afterwards load at once.
          With the{" "}
          <Link href="/sync" className="underline">
            portfolio sync
          </Link>{" "}
          on, this comparison costs no request.
        </p>
      ) : null}
      <div className="mt-2">
        <PacedStatus state={load.state} progress={load.progress} noun="listings" onCancel={load.cancel} />
      </div>
      <LastYearTable comparisons={comparisons} coverage={coverage} />
    </div>
  );
}
