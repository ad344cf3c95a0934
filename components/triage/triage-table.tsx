"use client";

import { createColumnHelper } from "@tanstack/react-table";
import type { Ref } from "react";
import { FACTOR_KEYS, FACTOR_LABELS, WEIGHTS } from "@/lib/triage/factors";
import { SortableTable } from "@/components/ui/sortable-table";
import {
  FactorCell,
  FactorHeader,
  ListingCell,
  ScoreCell,
  SelectAllHeader,
  SelectCell,
  TriageSelectionContext,
  type TriageRow,
  type TriageSelection,
} from "@/components/triage/triage-cells";

const column = createColumnHelper<TriageRow>();

/**
 * One set of columns for every render: the ticks reach the cells through context, so a tick
 * never rebuilds the columns. Every column sorts; a factor not measured sorts last.
 */
const COLUMNS = [
  column.display({
    id: "select",
    header: SelectAllHeader,
    cell: ({ row }) => <SelectCell row={row.original} />,
  }),
  column.accessor((r) => r.score ?? undefined, {
    id: "score",
    header: "Score",
    // The lowest first: the queue is read from the top.
    sortDescFirst: false,
    sortUndefined: "last",
    cell: ({ row }) => <ScoreCell row={row.original} />,
  }),
  column.accessor("name", {
    id: "listing",
    header: "Listing",
    cell: ({ row }) => <ListingCell row={row.original} />,
  }),
  ...FACTOR_KEYS.map((key) =>
    column.accessor((r) => r.factors.find((f) => f.key === key)?.sub_score ?? undefined, {
      id: key,
      header: () => <FactorHeader label={FACTOR_LABELS[key]} weight={WEIGHTS[key]} />,
      sortDescFirst: false,
      sortUndefined: "last",
      cell: ({ row }) => <FactorCell factor={row.original.factors.find((f) => f.key === key)} />,
    }),
  ),
];
const NUMERIC = ["score"];

export function TriageTable({
  rows,
  selection,
  sortedRowsRef,
}: {
  rows: TriageRow[];
  selection: TriageSelection;
  sortedRowsRef?: Ref<() => TriageRow[]>;
}) {
  return (
    <TriageSelectionContext.Provider value={selection}>
      <div className="rounded-lg border border-slate-200 bg-white" data-testid="triage-table">
        <SortableTable
          data={rows}
          columns={COLUMNS}
          caption="The triage queue: every listing's score, lowest first until a column is sorted, with each factor's sub-score and measurement"
          getRowId={(r) => r.listing_id}
          numeric={NUMERIC}
          sortedRowsRef={sortedRowsRef}
        />
      </div>
    </TriageSelectionContext.Provider>
  );
}
