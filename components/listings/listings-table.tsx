"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { useMemo, type Ref } from "react";
import { byRank } from "@/lib/display/open-values";
import { ACCESS_LEVELS, tagEditPermission } from "@/lib/access/listing-access";
import { channelRef } from "@/lib/display/channels";
import { formatMoney } from "@/lib/format/money";
import { ownerName } from "@/lib/display/owners";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import type { KpiMetric } from "@/lib/svc/schemas/kpi-lexicon";
import type { Listing } from "@/lib/svc/schemas/listings";
import { Badge } from "@/components/ui/badge";
import { SortableTable } from "@/components/ui/sortable-table";
import { AccessBadge } from "@/components/ui/access-badge";
import {
  KpiCell,
  KpiHeader,
  SelectAllHeader,
  SelectCell,
  type KpiFigure,
  type PortfolioRow,
} from "@/components/listings/portfolio-cells";
import { AgainstMarketCell, AgainstMarketHeader } from "@/components/listings/against-market-cell";
import { ListingCards } from "@/components/listings/listing-cards";
import { usePhoneWidth } from "@/components/listings/use-phone-width";
import type { AgainstMarket } from "@/lib/listings/against-market";
import {
  PortfolioTableContext,
  type PortfolioTableState,
} from "@/components/listings/portfolio-table-context";
import { TagsCell } from "@/components/listings/tags-cell";
import { PortfolioLink } from "@/components/shell/portfolio-link";

const column = createColumnHelper<PortfolioRow>();

/**
 * Stable per key kind: the KPI request's state and the selection reach the cells through
 * context. Without that state (a segment's listings) the selection and KPI columns are left out.
 */
const byAccess = byRank(ACCESS_LEVELS);

/** The further KPI columns, and the comparison with the market where the page makes it. */
export interface MoreColumns {
  metrics: readonly KpiMetric[];
  withMarket: boolean;
}
const NO_MORE: MoreColumns = { metrics: [], withMarket: false };

function columns(
  keyKind: ApiKeyKind | null,
  withPortfolioState: boolean,
  withKpi: boolean,
  more: MoreColumns,
) {
  const further = withPortfolioState && withKpi ? more.metrics : [];
  const extraKpis = further.map((metric) =>
    column.accessor((l) => l.figures?.[metric]?.value ?? undefined, {
      id: `kpi-${metric}`,
      header: () => <KpiHeader of={metric} />,
      sortUndefined: "last",
      cell: ({ row }) => <KpiCell row={row.original} of={metric} />,
    }),
  );
  const market =
    withPortfolioState && withKpi && more.withMarket
      ? [
          column.accessor((l) => (l.market?.state === "shown" ? l.market.difference : undefined), {
            id: "market",
            header: AgainstMarketHeader,
            sortUndefined: "last",
            cell: ({ row }) => <AgainstMarketCell row={row.original} />,
          }),
        ]
      : [];
  const all = [
    column.display({
      id: "select",
      header: SelectAllHeader,
      cell: ({ row }) => <SelectCell row={row.original} />,
    }),
    column.accessor("name", {
      header: "Listing",
      cell: ({ row }) => (
        <div className="min-w-40">
          <PortfolioLink
            href={`/listings/${row.original.svc_id}`}
            className="font-medium text-brand-700 hover:underline"
          >
            {row.original.name}
          </PortfolioLink>
          <p className="text-xs text-slate-600">
            <span>{channelRef(row.original)}</span>
            {row.original.bedrooms !== null ? ` · ${row.original.bedrooms} BR` : ""}
          </p>
        </div>
      ),
    }),
    column.accessor("market_name", { header: "Market" }),
    column.accessor((l) => ownerName(l), { id: "owner", header: "Owner" }),
    column.accessor("access_level", {
      header: "Your access",
      // Most access first, then levels we do not know by their raw text.
      sortingFn: (a, b, id) => byAccess(a.getValue<string>(id), b.getValue<string>(id)),
      cell: ({ getValue }) => <AccessBadge level={getValue()} />,
    }),
    column.accessor((l) => (l.is_active ? 0 : 1) + (l.is_hidden ? 2 : 0), {
      id: "status",
      header: "Status",
      cell: ({ row }) => (
        <div className="flex flex-wrap gap-1">
          {row.original.is_active ? <Badge tone="green">Active</Badge> : <Badge>Inactive</Badge>}
          {row.original.is_hidden ? <Badge tone="amber">Hidden</Badge> : null}
        </div>
      ),
    }),
    column.accessor((l) => l.kpi?.value ?? undefined, {
      id: "kpi",
      header: () => <KpiHeader />,
      sortUndefined: "last",
      cell: ({ row }) => <KpiCell row={row.original} />,
    }),
    ...extraKpis,
    ...market,
    column.accessor((l) => l.listing_preferences.base_price ?? -1, {
      id: "base_price",
      header: "Base price",
      cell: ({ row }) => (
        <span className="tabular-nums">
          {formatMoney(row.original.listing_preferences.base_price, row.original.currency)}
        </span>
      ),
    }),
    column.accessor("pricing_enabled", {
      header: "Auto-posting",
      cell: ({ getValue }) => (getValue() ? "On" : "Off"),
    }),
    column.display({
      id: "tags",
      header: "Tags",
      cell: ({ row }) => (
        <TagsCell listing={row.original} permission={tagEditPermission(row.original.access_level, keyKind)} />
      ),
    }),
  ];
  return all.filter(
    (c) => (withPortfolioState || (c.id !== "select" && c.id !== "kpi")) && (withKpi || c.id !== "kpi"),
  );
}

const numericOf = (more: MoreColumns) => ["kpi", ...more.metrics.map((m) => `kpi-${m}`), "market"];

/**
 * The portfolio table: sortable columns, the chosen KPI (sorting by it ranks the listings;
 * the ranking view numbers them), row selection, one page shown. Kept narrow for laptops:
 * a horizontal scroll would close a focused tag note's tooltip before it could be read.
 * Other pages listing listings (a segment's) use it too, without `state`: the same columns
 * and sorting, no selection and no KPI column. On a phone the rows show as cards, the key
 * figures first, instead of a table scrolled sideways.
 */
export function ListingsTable({
  listings,
  keyKind,
  pageIndex,
  pageSize,
  kpiByListing,
  state,
  caption = "Your listings",
  sortedRowsRef,
  more = NO_MORE,
  figuresByMetric,
  marketOf,
}: {
  listings: Listing[];
  keyKind: ApiKeyKind | null;
  pageIndex: number;
  pageSize: number;
  /** The KPI answer's value and currency by svc_id. */
  kpiByListing?: ReadonlyMap<string, NonNullable<PortfolioRow["kpi"]>>;
  /** The portfolio's KPI state and selection; without it, no selection and no KPI column. */
  state?: PortfolioTableState;
  caption?: string;
  /** Receives a reader of every row in the table's current order (all pages), for the CSV. */
  sortedRowsRef?: Ref<() => PortfolioRow[]>;
  /** Further KPI columns and the market comparison. */
  more?: MoreColumns;
  /** The further columns' figures: by metric, by svc_id. */
  figuresByMetric?: ReadonlyMap<KpiMetric, ReadonlyMap<string, KpiFigure>>;
  /** A listing against its market, given its occupancy figure. */
  marketOf?: (listing: Listing, occupancy: number | null | undefined) => AgainstMarket;
}) {
  const withState = state !== undefined;
  const phone = usePhoneWidth();
  // A large portfolio's page has no figures until the whole portfolio is read: no empty column.
  const withKpi = state?.kpi.state !== "unread";
  // Rebuilt only when the columns themselves change (a column picked): `more` is kept stable.
  const cols = useMemo(() => columns(keyKind, withState, withKpi, more), [keyKind, withState, withKpi, more]);
  const primary = state?.kpi.choice.metric;
  // New row objects when a KPI answer changes, so sorting by it reads the new values.
  const rows = useMemo(
    () =>
      listings.map((l): PortfolioRow => {
        const kpi = kpiByListing?.get(l.svc_id) ?? null;
        const figures = Object.fromEntries(
          more.metrics.map((m) => [m, figuresByMetric?.get(m)?.get(l.svc_id) ?? null]),
        );
        const occupancy =
          primary === "occupancy" ? kpi?.value : figuresByMetric?.get("occupancy")?.get(l.svc_id)?.value;
        return { ...l, kpi, figures, market: marketOf ? marketOf(l, occupancy) : null };
      }),
    [listings, kpiByListing, more.metrics, figuresByMetric, marketOf, primary],
  );
  const table = (
    <>
      <div className="hidden rounded-lg border border-slate-200 bg-white sm:block">
        <SortableTable
          data={rows}
          columns={cols}
          caption={caption}
          getRowId={(l) => l.svc_id}
          numeric={numericOf(more)}
          page={{ index: pageIndex, size: pageSize }}
          sortedRowsRef={sortedRowsRef}
        />
      </div>
      {phone ? (
        <ListingCards
          rows={rows.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize)}
          caption={caption}
          metrics={withState && withKpi ? more.metrics : []}
          withKpi={withState && withKpi}
          withMarket={withState && withKpi && more.withMarket}
        />
      ) : null}
    </>
  );
  return state ? (
    <PortfolioTableContext.Provider value={state}>{table}</PortfolioTableContext.Provider>
  ) : (
    table
  );
}
