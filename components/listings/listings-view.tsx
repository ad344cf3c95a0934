"use client";

import { useQuery } from "@tanstack/react-query";
import { parseAsInteger, useQueryStates } from "nuqs";
import { useEffect, useMemo, useState } from "react";
import { ownersOf } from "@/lib/display/owners";
import { formatCount } from "@/lib/format/numbers";
import { indexPage } from "@/lib/listings/portfolio-index";
import { portfolioKpisQuery } from "@/lib/listing/kpis/queries";
import { readNotice } from "@/lib/queries/pages";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import { StatusLine, StatusScope } from "@/components/ui/action-status";
import { ErrorPanel } from "@/components/ui/error-panel";
import { ListNotice } from "@/components/ui/list-notice";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { ListingsFilters } from "@/components/ui/portfolio-filters";
import { ListingsTableSkeleton } from "@/components/ui/listings-table-skeleton";
import { PagedPortfolio } from "@/components/listings/paged-portfolio";
import { PagedRanking } from "@/components/listings/paged-ranking";
import { portfolioFilterParsers, serviceFiltersOf } from "@/lib/listings/filters";
import { PortfolioKpiControls, type PortfolioKpiChoice } from "@/components/listings/portfolio-kpi-controls";
import { portfolioKpiState } from "@/components/listings/portfolio-kpi-state";
import { ReadAllBar } from "@/components/listings/read-all-bar";
import { usePortfolioIndex } from "@/components/listings/use-portfolio-index";
import type { SelectedIds } from "@/components/listings/use-portfolio-selection";
import { WholePortfolio } from "@/components/listings/whole-portfolio";
import { MirrorBar } from "@/components/listings/mirror-bar";
import { useMirroredIndex } from "@/components/listings/use-mirrored-index";
import { isSearching, listingSearchParsers, searchChoices, searchListings } from "@/lib/listings/search";
import { shownKpiColumns } from "@/lib/listings/kpi-columns";
import { ListingSearch } from "@/components/listings/listing-search";
import { KpiColumnsPicker } from "@/components/listings/kpi-columns-picker";
import { AgainstMarketNote } from "@/components/listings/against-market-note";
import { useKpiColumns } from "@/components/listings/use-kpi-columns";
import { useKpiColumnsRead } from "@/components/listings/use-kpi-columns-read";

/** Filters live in the URL, so a filtered view can be bookmarked and shared. */
const filterParsers = {
  ...portfolioFilterParsers,
  ...listingSearchParsers,
  page: parseAsInteger.withDefault(1),
  ...portfolioKpiState,
};

const VIEW_OPTIONS = [
  { value: "table", label: "Table" },
  { value: "ranking", label: "Ranking" },
] as const;

/**
 * The portfolio. One that fits in a service page (100 listings) is read whole by one request
 * and worked on in hand; a larger one is made whole by the account's portfolio mirror where
 * it holds the records (the KPI figures then read on request), else shown a service page at
 * a time, with its ranking from the service a page at a time, until the reader asks to read
 * it all. Either way the first load costs a request for the listings and, when in hand
 * from the service, one for their KPI figures.
 */
export function ListingsView({ keyKind }: { keyKind: ApiKeyKind | null }) {
  const [filters, setFilters] = useQueryStates(filterParsers);
  const serviceFilters = serviceFiltersOf(filters);
  const portfolio = usePortfolioIndex(serviceFilters);
  const { ensurePage } = portfolio;
  const mirror = useMirroredIndex(portfolio.index, serviceFilters);
  const mirrored = mirror.index;
  const index = mirrored ?? portfolio.index;
  // The mirror holds no KPI figures: with its records, they are read when asked for (or for
  // the ranking, which is made of them).
  const [kpiAsked, setKpiAsked] = useState(false);
  const kpiWanted = !mirrored || kpiAsked || filters.view === "ranking";
  // The owner picker lists the owners of the portfolio as read so far, whichever is picked now.
  const everyOwner = usePortfolioIndex({ ...serviceFilters, owner_user_id: undefined });
  const ownerSource = filters.owner === null ? index?.listings : everyOwner.index?.listings;

  const choice: PortfolioKpiChoice = {
    metric: filters.kpi,
    window: filters.window,
    currency: filters.currency,
  };
  // One GET /listings/kpis (every accessible listing, whatever the filters) answers the KPI
  // column and the ranking alike, once the portfolio is in hand.
  const kpis = useQuery({ ...portfolioKpisQuery(choice), enabled: index?.complete === true && kpiWanted });
  const kpiAnswer = !kpiWanted ? "unread" : kpis.isPending ? "loading" : kpis.isError ? "error" : "ready";
  const kpiState = index?.complete ? kpiAnswer : "unread";
  // The same query observed for its notice only: no second request.
  const kpiNotice = useQuery({
    ...portfolioKpisQuery(choice),
    enabled: index?.complete === true && kpiWanted,
    select: readNotice,
  }).data;

  const [stored, setStored] = useKpiColumns();
  const extra = useMemo(() => shownKpiColumns(filters.kpi, stored).slice(1), [filters.kpi, stored]);
  const extras = useKpiColumnsRead(
    choice,
    extra,
    index?.complete === true && kpiWanted,
    mirror.marketOccupancy,
  );

  // Search and filters over the listings already read: no keystroke asks the service.
  const search = {
    q: filters.q,
    market: filters.market,
    bedrooms: filters.bedrooms,
    channel: filters.channel,
    tag: filters.tag,
  };
  const searching = isSearching(search);
  const found = useMemo(
    () => (index ? searchListings(index.listings, search) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [index?.listings, filters.q, filters.market, filters.bedrooms, filters.channel, filters.tag],
  );
  const choices = useMemo(
    () => searchChoices(index?.listings ?? [], search),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [index?.listings, filters.market, filters.bedrooms, filters.channel, filters.tag],
  );

  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  const selectedIds: SelectedIds = useMemo(() => ({ ids, set: setIds }), [ids]);
  const all = index?.listings;
  const currencies = useMemo(() => [...new Set((all ?? []).map((l) => l.currency))].sort(), [all]);
  const large = index !== null && !index.complete;
  const page = Math.max(1, filters.page);
  useEffect(() => {
    if (large) void ensurePage(page);
  }, [large, page, ensurePage]);

  // A row's action (its tags saved) is said above the table, over no row's controls.
  return (
    <StatusScope>
      <div className="space-y-4">
        <ListingsFilters
          filters={filters}
          owners={ownersOf(ownerSource ?? [])}
          onChange={(next) => setFilters({ ...next, page: 1 })}
        />
        <ListingSearch
          search={search}
          choices={choices}
          onChange={(next) => setFilters({ ...next, page: 1 })}
          scope={
            large
              ? `Searches the ${formatCount(index.listings.length)} listings read so far, in this browser; read them all to search every one.`
              : null
          }
        />
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3">
          <PortfolioKpiControls
            choice={choice}
            currencies={currencies}
            onChange={(next) =>
              setFilters({
                ...(next.metric ? { kpi: next.metric } : {}),
                ...(next.window ? { window: next.window } : {}),
                ...("currency" in next ? { currency: next.currency ?? null } : {}),
              })
            }
          />
          <KpiColumnsPicker primary={filters.kpi} extra={extra} onChange={setStored} />
          <SegmentedControl
            label="View"
            value={filters.view}
            options={VIEW_OPTIONS}
            onValueChange={(view) => setFilters({ view })}
          />
        </div>
        <AgainstMarketNote
          withOccupancy={filters.kpi === "occupancy" || extra.includes("occupancy")}
          marketOccupancy={mirror.marketOccupancy}
        />
        <StatusLine />
        <div
          data-state={
            portfolio.query.isPending ? "loading" : portfolio.query.isError && !index ? "error" : "ready"
          }
          data-testid="portfolio"
          data-kpi-state={kpiState}
          data-portfolio-mode={large ? "paged" : mirrored ? "mirror" : "whole"}
        >
          <ListNotice notice={index?.notice} className="mb-3" />
          <ListNotice notice={kpiNotice} className="mb-3" />
          {index === null ? (
            portfolio.query.isError ? (
              <ErrorPanel
                error={portfolio.query.error}
                onRetry={() => portfolio.query.refetch()}
                what="your listings"
              />
            ) : (
              <ListingsTableSkeleton />
            )
          ) : large ? (
            <>
              <ReadAllBar
                index={index}
                readAll={portfolio.readAll}
                onReadAll={() => {
                  void portfolio.startReadAll().then((all) => (all ? setFilters({ page: 1 }) : undefined));
                }}
                onCancel={portfolio.cancelReadAll}
              />
              {searching && filters.view === "table" ? (
                <WholePortfolio
                  all={found}
                  showHidden={filters.hidden}
                  page={page}
                  onPage={(p) => setFilters({ page: p })}
                  view="table"
                  choice={choice}
                  keyKind={keyKind}
                  selectedIds={selectedIds}
                  kpis={kpis}
                  kpiState="unread"
                  searching
                />
              ) : filters.view === "ranking" ? (
                <PagedRanking choice={choice} ownerUserId={filters.owner} known={index.listings} />
              ) : (
                <PagedPortfolio
                  index={index}
                  rows={indexPage(portfolio.query.data, page)}
                  pageError={portfolio.query.isFetchNextPageError ? portfolio.query.error : null}
                  onRetry={() => void ensurePage(page)}
                  page={page}
                  onPage={(p) => setFilters({ page: p })}
                  showHidden={filters.hidden}
                  choice={choice}
                  keyKind={keyKind}
                  selectedIds={selectedIds}
                />
              )}
            </>
          ) : (
            <>
              {mirrored ? (
                <MirrorBar index={mirrored} kpiAsked={kpiWanted} onReadKpis={() => setKpiAsked(true)} />
              ) : null}
              <WholePortfolio
                all={found}
                showHidden={filters.hidden}
                page={page}
                onPage={(p) => setFilters({ page: p })}
                view={filters.view}
                choice={choice}
                keyKind={keyKind}
                selectedIds={selectedIds}
                kpis={kpis}
                kpiState={kpiAnswer}
                extras={extras}
                searching={searching}
              />
            </>
          )}
        </div>
      </div>
    </StatusScope>
  );
}
