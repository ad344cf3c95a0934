"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { pagerPlace } from "@/lib/queries/pages";
import { DELIVERIES_PER_PAGE, webhookDeliveriesQuery } from "@/lib/webhooks/queries";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { useKnownPageSize } from "@/components/ui/use-known-page-size";
import { DeliveriesTable } from "@/components/webhooks/deliveries-table";

/**
 * One subscription's attempts, a page at a time, newest first. Page 1 is the same query the
 * row's "last delivery" already read, so opening the panel costs no request.
 */
export function DeliveriesPanel({ id, url }: { id: string; url: string }) {
  const [page, setPage] = useState(1);
  const deliveries = useQuery({ ...webhookDeliveriesQuery(id, page), placeholderData: keepPreviousData });
  const state = deliveries.isPending ? "loading" : deliveries.isError ? "error" : "ready";
  const answer = {
    page,
    asked: DELIVERIES_PER_PAGE,
    received: (deliveries.data?.items.length ?? 0) + (deliveries.data?.skipped ?? 0),
    total: deliveries.data?.total ?? null,
  };
  const knownPageSize = useKnownPageSize(deliveries.data && !deliveries.isPlaceholderData ? answer : null);

  if (deliveries.isPending) {
    return (
      <p data-state={state} className="text-sm text-slate-600">
        Loading deliveries…
      </p>
    );
  }
  if (deliveries.isError) {
    return (
      <div data-state={state}>
        <ErrorPanel error={deliveries.error} onRetry={() => deliveries.refetch()} what="the deliveries" />
      </div>
    );
  }

  const { items, total } = deliveries.data;
  if (items.length === 0 && page === 1) {
    return (
      <p data-state={state} className="text-sm text-slate-600">
        No deliveries yet. Events are batched into five-minute windows; the first request goes out when a
        window with a change in your portfolio closes.
      </p>
    );
  }
  // Attempts are numbered and paged at the size the service answers, which may be less than asked.
  const { first, last, hasNext: hasOlder } = pagerPlace(answer, knownPageSize);

  return (
    <div data-state={state} className="space-y-2">
      <DeliveriesTable deliveries={items} caption={`Deliveries to ${url}`} />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
        <p aria-live="polite">
          Attempts {first}–{last}
          {total !== null ? ` of ${total}` : ""}, newest first
        </p>
        {page > 1 || hasOlder ? (
          <div className="flex gap-2">
            <Button
              variant="secondary"
              className="px-2 py-1 text-xs"
              disabled={page === 1}
              onClick={() => setPage((p) => p - 1)}
            >
              Newer
            </Button>
            <Button
              variant="secondary"
              className="px-2 py-1 text-xs"
              disabled={!hasOlder || deliveries.isPlaceholderData}
              onClick={() => setPage((p) => p + 1)}
            >
              Older
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
