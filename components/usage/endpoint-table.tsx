"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import { toCsv } from "@/lib/format/csv";
import type { UsageReport } from "@/lib/svc/schemas/usage";
import { endpointRows, type EndpointRow } from "@/lib/usage/series";
import { windowDays } from "@/lib/usage/window";
import type { LoadState } from "@/components/charts/chart-card";
import { SortableTable } from "@/components/ui/sortable-table";
import {
  COUNTER_COLUMN_IDS,
  COUNTER_CSV_HEADER,
  counterColumns,
  counterCsvValues,
} from "@/components/usage/counter-columns";
import { TableCard } from "@/components/usage/table-card";

const column = createColumnHelper<EndpointRow>();
const columns = [
  column.accessor((r) => `${r.route} ${r.method}`, {
    id: "endpoint",
    header: "Endpoint",
    cell: ({ row }) => (
      <span className="inline-flex items-baseline gap-2 whitespace-nowrap">
        <span className="w-12 shrink-0 font-mono text-xs font-semibold text-slate-600">
          {row.original.method}
        </span>{" "}
        <span className="font-mono text-[13px] text-slate-900">{row.original.route}</span>
      </span>
    ),
  }),
  ...counterColumns<EndpointRow>(),
];

export function endpointsCsv(rows: readonly EndpointRow[]): string {
  return toCsv(
    ["Method", "Route", ...COUNTER_CSV_HEADER],
    rows.map((r) => [r.method, r.route, ...counterCsvValues(r)]),
  );
}

/** Traffic per endpoint, grouped by the route pattern that served it. */
export function EndpointTable({ report, state }: { report: UsageReport | undefined; state: LoadState }) {
  const rows = useMemo(() => (report ? endpointRows(report.by_endpoint) : []), [report]);
  const days = report ? windowDays(report.window) : null;
  return (
    <TableCard
      title="By endpoint"
      description="Grouped by route pattern. Errors count every answer with status 400 or above, 429s included."
      state={state}
      empty={rows.length === 0}
      csv={
        days
          ? { filename: `usage-endpoints-${days.from}-${days.to}.csv`, build: () => endpointsCsv(rows) }
          : null
      }
    >
      <SortableTable
        data={rows}
        columns={columns}
        caption="Requests by endpoint"
        getRowId={(r) => r.id}
        numeric={COUNTER_COLUMN_IDS}
      />
    </TableCard>
  );
}
