"use client";

import {
  createColumnHelper,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type SortingState,
} from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { labelOf } from "@/lib/display/open-values";
import { channelLabels } from "@/lib/display/channels";
import { formatFact, formatMetric, metricColumns, UNKNOWN } from "@/lib/sets/candidates";
import { isReferenceRow, pinReference } from "@/lib/sets/reference-row";
import type { MetricWindow } from "@/lib/svc/schemas/kpi-lexicon";
import type { CandidateListing } from "@/lib/svc/schemas/sets";
import { Badge } from "@/components/ui/badge";
import { Distance } from "@/components/ui/distance";
import { cn } from "@/components/ui/cn";
import { cellContent, SortHeaderContent } from "@/components/ui/sortable-table";
import { AmenityChips } from "@/components/sets/candidates/amenity-chips";

const column = createColumnHelper<CandidateListing>();

/** A cell that may be unknown: the word, greyed, so it never reads as a number. */
function Value({ text }: { text: string }) {
  return text === UNKNOWN ? <span className="italic text-slate-500">{text}</span> : <>{text}</>;
}

interface Selection {
  selected: ReadonlySet<string>;
  excluded: ReadonlySet<string>;
  onToggle: (row: CandidateListing, on: boolean) => void;
  onToggleAll: (rows: CandidateListing[], on: boolean) => void;
}

function columns(rows: CandidateListing[], window: MetricWindow, s: Selection) {
  const pickable = rows.filter((r) => !s.excluded.has(r.listing_id));
  const pickedHere = pickable.filter((r) => s.selected.has(r.listing_id)).length;
  return [
    column.display({
      id: "select",
      header: () => (
        <input
          type="checkbox"
          aria-label="Select every listing shown"
          checked={pickable.length > 0 && pickedHere === pickable.length}
          ref={(el) => {
            if (el) el.indeterminate = pickedHere > 0 && pickedHere < pickable.length;
          }}
          disabled={pickable.length === 0}
          onChange={(e) => s.onToggleAll(pickable, e.target.checked)}
          className="h-4 w-4 accent-brand-600"
        />
      ),
      cell: ({ row }) => {
        // My listing searched around is there to compare against, never to pick as a member.
        if (isReferenceRow(row.id)) return <span className="sr-only">Your listing, not selectable</span>;
        const inSet = s.excluded.has(row.original.listing_id);
        return (
          <input
            type="checkbox"
            aria-label={inSet ? `${row.original.name} is already in the set` : `Select ${row.original.name}`}
            checked={inSet || s.selected.has(row.original.listing_id)}
            disabled={inSet}
            onChange={(e) => s.onToggle(row.original, e.target.checked)}
            className="mt-0.5 h-4 w-4 accent-brand-600"
          />
        );
      },
    }),
    column.accessor("name", {
      header: "Listing",
      cell: ({ row }) => (
        <div className="w-56">
          <p className="font-medium text-slate-900">{row.original.name}</p>
          <p className="text-xs text-slate-600">
            {labelOf(channelLabels, row.original.channel)} ·{" "}
            {row.original.bathrooms === null
              ? "bathrooms unknown"
              : `${formatFact(row.original.bathrooms)} bath`}{" "}
            ·{" "}
            {row.original.guests_included === null
              ? "guests unknown"
              : `${formatFact(row.original.guests_included)} guests included`}
          </p>
          {isReferenceRow(row.id) ? (
            <span className="mt-1 inline-flex gap-1">
              <span className="rounded bg-slate-800 px-1.5 text-[11px] font-semibold uppercase leading-5 tracking-wide text-white">
                Mine
              </span>
              <Badge tone="amber">Searched around: for reference</Badge>
            </span>
          ) : null}
          {s.excluded.has(row.original.listing_id) ? (
            <span className="mt-1 inline-block">
              <Badge tone="green">In the set</Badge>
            </span>
          ) : null}
        </div>
      ),
    }),
    column.accessor("distance_km", {
      header: "Distance",
      cell: ({ row, getValue }) =>
        isReferenceRow(row.id) ? (
          <span className="whitespace-nowrap">Centre</span>
        ) : (
          <span className="whitespace-nowrap">
            <Distance km={getValue()} />
          </span>
        ),
    }),
    column.accessor((r) => r.bedrooms ?? undefined, {
      id: "bedrooms",
      header: "Bedrooms",
      sortUndefined: "last",
      cell: ({ row }) => <Value text={formatFact(row.original.bedrooms)} />,
    }),
    ...metricColumns(window).map((m) =>
      column.accessor((r) => r[m.key] ?? undefined, {
        id: m.key,
        // Unknown values sort after known ones in both directions.
        sortUndefined: "last",
        header: () => <span title={m.description}>{m.label}</span>,
        cell: ({ row }) => (
          <span className="whitespace-nowrap">
            <Value text={formatMetric(row.original[m.key], m.format, row.original.currency)} />
          </span>
        ),
      }),
    ),
    column.display({
      id: "amenities",
      header: "Amenities",
      cell: ({ row }) =>
        isReferenceRow(row.id) ? (
          <Value text={UNKNOWN} />
        ) : (
          <AmenityChips amenities={row.original.amenities} />
        ),
    }),
  ];
}

/** Columns pinned on the left while the metrics scroll sideways. */
const pinned: Record<string, string> = {
  select: "sticky left-0 w-10 min-w-10",
  name: "sticky left-10",
};

/**
 * The candidates compared side by side for one period, each row pickable. One scroll box for
 * both directions, with the header row and the listing column pinned, so a hundred rows and
 * a dozen columns stay readable and the selection bar below stays in reach. `reference`: my
 * listing the search was made around, pinned first whatever the sort, marked and not pickable.
 */
export function CandidateTable({
  rows,
  reference,
  window,
  caption,
  ...selection
}: Selection & {
  rows: CandidateListing[];
  reference?: CandidateListing | null;
  window: MetricWindow;
  caption: string;
}) {
  const { selected, excluded, onToggle, onToggleAll } = selection;
  const cols = useMemo(
    () => columns(rows, window, { selected, excluded, onToggle, onToggleAll }),
    [rows, window, selected, excluded, onToggle, onToggleAll],
  );
  const numeric = useMemo(
    () => new Set(["distance_km", "bedrooms", ...metricColumns(window).map((m) => m.key)]),
    [window],
  );
  const data = useMemo(() => (reference ? [reference, ...rows] : rows), [reference, rows]);
  const [sorting, setSorting] = useState<SortingState>([]);
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns: cols,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (r) => r.listing_id,
  });

  return (
    <div className="relative max-h-[65vh] overflow-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 z-20 text-xs uppercase tracking-wide text-slate-600">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const right = numeric.has(header.column.id);
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                    className={cn(
                      "whitespace-nowrap border-b border-slate-200 bg-slate-50 px-3 py-2 font-semibold",
                      right && "text-right",
                      pinned[header.column.id],
                      pinned[header.column.id] && "z-30",
                    )}
                  >
                    <SortHeaderContent header={header} alignRight={right} />
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {pinReference(table.getRowModel().rows).map((row) => {
            const on = selected.has(row.id);
            const mine = isReferenceRow(row.id);
            return (
              <tr
                key={row.id}
                data-reference={mine ? "true" : undefined}
                className={cn(
                  "group border-b last:border-0",
                  mine ? "border-b-2 border-b-slate-700" : "border-slate-100",
                )}
              >
                {row.getVisibleCells().map((cell, index) => (
                  <td
                    key={cell.id}
                    className={cn(
                      "px-3 py-2 align-top",
                      mine
                        ? "bg-amber-50 font-medium"
                        : on
                          ? "bg-brand-50"
                          : "bg-white group-hover:bg-slate-50",
                      mine && index === 0 && "border-l-4 border-l-slate-800",
                      numeric.has(cell.column.id) && "text-right tabular-nums",
                      pinned[cell.column.id],
                      pinned[cell.column.id] && "z-10",
                    )}
                  >
                    {cellContent(cell)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
