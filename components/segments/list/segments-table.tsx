"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import { Link } from "@/components/ui/link";
import { defaultStatusWords } from "@/lib/segments/display";
import { filterInWords } from "@/lib/segments/words";
import type { Segment } from "@/lib/svc/schemas/segments";
import { Badge } from "@/components/ui/badge";
import { SortableTable } from "@/components/ui/sortable-table";

const column = createColumnHelper<Segment>();

/** Every segment is on the page, so each column sorts the whole list. */
function columns(marketNames: ReadonlyMap<string, string>) {
  return [
    column.accessor("name", {
      header: "Segment",
      cell: ({ row }) => (
        <div className="min-w-48 max-w-80">
          <Link
            href={`/segments/${encodeURIComponent(row.original.id)}`}
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {row.original.name}
          </Link>
          {row.original.description ? (
            <p className="text-xs text-slate-600">{row.original.description}</p>
          ) : null}
        </div>
      ),
    }),
    // In the cell rather than as the value: the market names arrive after the segments.
    column.display({
      id: "filter",
      header: "Filter",
      cell: ({ row }) => (
        <span className="text-slate-800">{filterInWords(row.original.filter_backend, marketNames)}</span>
      ),
    }),
    column.accessor("default_status", {
      header: "Default status",
      cell: ({ getValue }) => {
        const words = defaultStatusWords[getValue()];
        return (
          <Badge tone={getValue() === "active" ? "green" : "neutral"} title={words.meaning}>
            {words.label}
          </Badge>
        );
      },
    }),
    column.accessor("listing_count", {
      header: "Listings",
      cell: ({ getValue }) => <span className="tabular-nums">{getValue()}</span>,
    }),
  ];
}

const NUMERIC = ["listing_count"] as const;

export function SegmentsTable({
  segments,
  marketNames,
}: {
  segments: Segment[];
  marketNames: ReadonlyMap<string, string>;
}) {
  const cols = useMemo(() => columns(marketNames), [marketNames]);
  return (
    <div className="rounded-lg border border-slate-200 bg-white">
      <SortableTable
        data={segments}
        columns={cols}
        caption="Your segments"
        getRowId={(s) => s.id}
        numeric={NUMERIC}
      />
    </div>
  );
}
