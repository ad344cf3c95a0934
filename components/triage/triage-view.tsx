"use client";

import { useQuery } from "@tanstack/react-query";
import { parseAsStringLiteral, useQueryStates } from "nuqs";
import { useCallback, useMemo, useRef, useState } from "react";
import { formatCount } from "@/lib/format/numbers";
import { formatUtc } from "@/lib/format/times";
import { serviceFiltersOf } from "@/lib/listings/filters";
import { mirrorListingsQuery } from "@/lib/listings/mirror-listings";
import { isSearching, listingSearchParsers, matchesSearch, searchChoices } from "@/lib/listings/search";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import type { Listing } from "@/lib/svc/schemas/listings";
import { triageCsv } from "@/lib/triage/csv";
import { triageQuery } from "@/lib/triage/queries";
import { BANDS, UNSCORED_LABEL } from "@/lib/triage/words";
import { DownloadCsvButton } from "@/components/ui/download-csv-button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { LabelledSelect } from "@/components/ui/labelled-select";
import { Link } from "@/components/ui/link";
import { ListingsTableSkeleton } from "@/components/ui/listings-table-skeleton";
import { Button } from "@/components/ui/button";
import { ListingSearch } from "@/components/listings/listing-search";
import { SelectionToolbar } from "@/components/listings/selection-toolbar";
import type { TriageRow, TriageSelection } from "@/components/triage/triage-cells";
import { TriageTable } from "@/components/triage/triage-table";
import { TriageNotice } from "@/components/triage/triage-notice";

const BAND_KEYS = [...BANDS.map((b) => b.key), "unscored"] as const;
const BAND_OPTIONS = [
  { value: "", label: "Every band" },
  ...BANDS.map((b) => ({ value: b.key, label: `${b.label} (${b.min}\u2013${b.max})` })),
  { value: "unscored", label: UNSCORED_LABEL },
];
/** The Listings page's search and filters under the same URL names, and the band. */
const urlState = { ...listingSearchParsers, band: parseAsStringLiteral(BAND_KEYS) };
/** The portfolio's default filters: the mirror's listing records, one cache entry with the Listings page's. */
const RECORDS = serviceFiltersOf({ managed: true, activeOnly: false, owner: null });

/**
 * The triage queue: every listing of the portfolio scored from the mirror, lowest first;
 * filtered as the Listings page filters, and by band; ticked listings go straight to the
 * bulk custom rates, batch preferences, or the portfolio calendar showing only them.
 */
export function TriageView({ keyKind }: { keyKind: ApiKeyKind | null }) {
  const [filters, setFilters] = useQueryStates(urlState);
  const triage = useQuery(triageQuery());
  const records = useQuery(mirrorListingsQuery(RECORDS));
  const byId = useMemo(
    () => new Map((records.data?.listings ?? []).map((l) => [l.svc_id, l] as const)),
    [records.data],
  );
  const search = {
    q: filters.q,
    market: filters.market,
    bedrooms: filters.bedrooms,
    channel: filters.channel,
    tag: filters.tag,
  };
  const searching = isSearching(search);
  const rows = useMemo(
    (): TriageRow[] =>
      (triage.data?.listings ?? []).map((l) => ({ ...l, selectable: byId.has(l.listing_id) })),
    [triage.data, byId],
  );
  const shown = useMemo(
    () =>
      rows.filter((r) => {
        if (filters.band !== null && r.band !== filters.band) return false;
        if (!searching) return true;
        const record = byId.get(r.listing_id);
        return record !== undefined && matchesSearch(record, search);
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rows, byId, filters.band, filters.q, filters.market, filters.bedrooms, filters.channel, filters.tag],
  );
  const choices = useMemo(
    () => searchChoices(records.data?.listings ?? [], search),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [records.data, filters.market, filters.bedrooms, filters.channel, filters.tag],
  );

  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  // Only listings shown count as selected: a filter that hides a row drops it from the batch.
  const selected = useMemo(
    () => shown.flatMap((r) => (ids.has(r.listing_id) ? (byId.get(r.listing_id) ?? []) : [])),
    [shown, ids, byId],
  ) as Listing[];
  const selectShown = useCallback(
    () => setIds(new Set(shown.filter((r) => r.selectable).map((r) => r.listing_id))),
    [shown],
  );
  const selection = useMemo(
    (): TriageSelection => ({
      ids,
      shown,
      toggle: (row) =>
        setIds((prev) => {
          const next = new Set(prev);
          if (!next.delete(row.listing_id)) next.add(row.listing_id);
          return next;
        }),
      toggleAll: () => {
        const selectable = shown.filter((r) => r.selectable);
        if (selectable.length > 0 && selectable.every((r) => ids.has(r.listing_id))) setIds(new Set());
        else selectShown();
      },
    }),
    [ids, shown, selectShown],
  );
  const sortedRows = useRef<() => TriageRow[]>(null);

  const answer = triage.data;
  const state = triage.isPending ? "loading" : triage.isError ? "error" : "ready";
  return (
    <div className="space-y-4" data-testid="triage" data-state={state}>
      {triage.isPending ? (
        <ListingsTableSkeleton />
      ) : triage.isError ? (
        <ErrorPanel error={triage.error} onRetry={() => void triage.refetch()} what="the triage queue" />
      ) : !answer!.enabled || answer!.notice ? (
        <TriageNotice sentence={answer!.notice} />
      ) : (
        <>
          <ListingSearch search={search} choices={choices} onChange={(next) => void setFilters(next)} />
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3">
            <LabelledSelect
              label="Band"
              value={filters.band ?? ""}
              options={BAND_OPTIONS}
              onChange={(band) =>
                void setFilters({ band: band === "" ? null : (band as (typeof BAND_KEYS)[number]) })
              }
            />
            <div className="flex flex-wrap items-center gap-3">
              <Button variant="secondary" onClick={selectShown} disabled={shown.every((r) => !r.selectable)}>
                {`Select the ${formatCount(shown.filter((r) => r.selectable).length)} shown`}
              </Button>
              <DownloadCsvButton
                filename="triage.csv"
                build={() => triageCsv(sortedRows.current?.() ?? shown)}
                disabled={shown.length === 0}
              />
            </div>
          </div>
          <p className="text-sm text-slate-600" data-testid="triage-as-of">
            {`Scored from the portfolio mirror, as of ${answer!.as_of ? formatUtc(answer!.as_of, { seconds: false }) : "\u2014"}: `}
            {shown.length === rows.length
              ? `${formatCount(rows.length)} listings, lowest score first.`
              : `${formatCount(shown.length)} of ${formatCount(rows.length)} listings shown, lowest score first.`}{" "}
            100 is healthy; under 40 needs attention now. A factor the mirror cannot measure is left out and
            the others weigh more.
            {triage.data!.skipped > 0
              ? ` ${formatCount(triage.data!.skipped)} listings could not be read and are left out.`
              : ""}
          </p>
          <SelectionToolbar
            selected={selected}
            readOnly={keyKind === "read_only"}
            onClear={() => setIds(new Set())}
          >
            <Link
              href={`/calendar?listings=${selected.map((l) => encodeURIComponent(l.svc_id)).join(",")}`}
              className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100"
            >
              Open in the calendar
            </Link>
          </SelectionToolbar>
          {shown.length === 0 ? (
            <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
              <p className="font-medium">No listings match these filters.</p>
              <p className="mt-1 text-sm text-slate-600">Try other words, another band, or clear a filter.</p>
            </div>
          ) : (
            <TriageTable rows={shown} selection={selection} sortedRowsRef={sortedRows} />
          )}
        </>
      )}
    </div>
  );
}
