"use client";

import { useMemo } from "react";
import { channelRef } from "@/lib/display/channels";
import type { FilterObject } from "@/lib/segments/filter";
import { marketsWithoutListings, previewFilter } from "@/lib/segments/preview";
import type { Listing } from "@/lib/svc/schemas/listings";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";

const SHOWN = 12;

/**
 * Which of my listings the filter would match, worked out in the browser from the portfolio
 * already loaded (no request per keystroke). It is a preview: the service decides on save.
 */
export function PreviewPanel({
  filter,
  portfolio,
}: {
  /** Null while the filter has something to fix. */
  filter: FilterObject | null;
  portfolio: {
    state: "loading" | "error" | "ready";
    listings: readonly Listing[];
    error: unknown;
    retry: () => void;
  };
}) {
  const preview = useMemo(
    () => (filter && portfolio.state === "ready" ? previewFilter(portfolio.listings, filter) : null),
    [filter, portfolio.state, portfolio.listings],
  );
  const strangers = useMemo(
    () => (filter ? marketsWithoutListings(filter, portfolio.listings) : []),
    [filter, portfolio.listings],
  );
  const total = portfolio.listings.length;

  return (
    <section
      aria-labelledby="segment-preview-title"
      data-testid="segment-preview"
      data-state={portfolio.state === "ready" && filter === null ? "waiting" : portfolio.state}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div>
        <h2 id="segment-preview-title" className="text-base font-semibold">
          Preview
        </h2>
        <p className="text-xs text-slate-600">
          Worked out in your browser from the listings already loaded, by the service&apos;s rules as the
          dashboard knows them. The service decides which listings the segment holds when you save.
        </p>
      </div>
      {portfolio.state === "loading" ? (
        <Skeleton className="h-24 w-full" />
      ) : portfolio.state === "error" ? (
        <ErrorPanel error={portfolio.error} onRetry={portfolio.retry} what="your listings for the preview" />
      ) : preview === null ? (
        <p className="text-sm text-slate-700" aria-live="polite">
          The preview waits until the filter can be read: fix the field marked in the form.
        </p>
      ) : (
        <>
          <p className="text-sm font-medium" aria-live="polite" data-testid="preview-count">
            {/* A condition left out can only narrow the answer: then the count is an upper bound. */}
            {preview.unevaluated.length > 0 ? "Up to " : ""}
            {preview.matched.length} of your {total} listing{total === 1 ? "" : "s"} would match.
          </p>
          {preview.unevaluated.length > 0 ? (
            <ul className="space-y-1 rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900 ring-1 ring-inset ring-amber-200">
              {preview.unevaluated.map((u) => (
                <li key={u.key}>
                  <code>{u.key}</code> is not in this preview. {u.reason}
                </li>
              ))}
            </ul>
          ) : null}
          {strangers.length > 0 ? (
            <p className="text-xs text-amber-900">
              None of your listings is in {strangers.join(", ")}. If that is a typo, the service will say so
              on save.
            </p>
          ) : null}
          {preview.matched.length > 0 ? (
            <ul className="space-y-1 text-sm" aria-label="Listings the filter would match">
              {preview.matched.slice(0, SHOWN).map((l) => (
                <li key={l.svc_id}>
                  <span className="font-medium">{l.name}</span>{" "}
                  <span className="text-xs text-slate-600">
                    {channelRef(l)} · {l.market_name}
                    {l.bedrooms !== null ? ` · ${l.bedrooms} BR` : ""}
                  </span>
                </li>
              ))}
              {preview.matched.length > SHOWN ? (
                <li className="text-xs text-slate-600">and {preview.matched.length - SHOWN} more</li>
              ) : null}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">No listing of yours matches every condition.</p>
          )}
        </>
      )}
    </section>
  );
}
