"use client";

import { useQuery } from "@tanstack/react-query";
import { parseAsBoolean, parseAsInteger, parseAsString, useQueryStates } from "nuqs";
import { ownersOf, visibleListings } from "@/lib/listing-display";
import { portfolioQuery } from "@/lib/queries/listings";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import { ErrorPanel } from "../ui/error-panel";
import { ListingsFilters } from "./listings-filters";
import { ListingsTable } from "./listings-table";
import { ListingsTableSkeleton } from "./listings-skeleton";
import { Pagination } from "./pagination";

export const PAGE_SIZE = 25;

/** Filters live in the URL, so a filtered view can be bookmarked and shared. */
const filterParsers = {
  managed: parseAsBoolean.withDefault(true),
  activeOnly: parseAsBoolean.withDefault(false),
  hidden: parseAsBoolean.withDefault(false),
  owner: parseAsString,
  page: parseAsInteger.withDefault(1),
};

export function ListingsView({ keyKind }: { keyKind: ApiKeyKind | null }) {
  const [filters, setFilters] = useQueryStates(filterParsers);
  const serviceFilters = {
    include_managed_listings: filters.managed,
    exclude_inactive: filters.activeOnly || undefined,
    owner_user_id: filters.owner ?? undefined,
  };
  const portfolio = useQuery(portfolioQuery(serviceFilters));
  // The owner picker lists every owner of the portfolio, whichever owner is picked now.
  const everyOwner = useQuery({
    ...portfolioQuery({ ...serviceFilters, owner_user_id: undefined }),
    enabled: filters.owner !== null,
  });
  const ownerSource = filters.owner === null ? portfolio.data : everyOwner.data;

  const all = portfolio.data ?? [];
  const shown = visibleListings(all, filters.hidden);
  const hiddenCount = all.length - shown.length;
  const pageCount = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const page = Math.min(Math.max(1, filters.page), pageCount);

  return (
    <div className="space-y-4">
      <ListingsFilters
        filters={filters}
        owners={ownersOf(ownerSource ?? [])}
        onChange={(next) => setFilters({ ...next, page: 1 })}
      />
      <div
        data-state={portfolio.isPending ? "loading" : portfolio.isError ? "error" : "ready"}
        data-testid="portfolio"
      >
        {portfolio.isPending ? (
          <ListingsTableSkeleton />
        ) : portfolio.isError ? (
          <ErrorPanel error={portfolio.error} onRetry={() => portfolio.refetch()} what="your listings" />
        ) : shown.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
            <p className="font-medium">No listings match these filters.</p>
            <p className="mt-1 text-sm text-slate-600">
              {hiddenCount > 0
                ? `${hiddenCount} hidden listing${hiddenCount === 1 ? " is" : "s are"} not shown. Turn on “Show hidden listings” to see ${hiddenCount === 1 ? "it" : "them"}.`
                : "Try including managed listings or another owner."}
            </p>
          </div>
        ) : (
          <>
            <p className="mb-2 text-sm text-slate-600" aria-live="polite">
              {shown.length} listing{shown.length === 1 ? "" : "s"}
              {hiddenCount > 0 ? ` · ${hiddenCount} hidden not shown` : ""}
            </p>
            <ListingsTable listings={shown} keyKind={keyKind} pageIndex={page - 1} pageSize={PAGE_SIZE} />
            <Pagination page={page} pageCount={pageCount} onPage={(p) => setFilters({ page: p })} />
          </>
        )}
      </div>
    </div>
  );
}
