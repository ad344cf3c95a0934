"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import { toCsv } from "@/lib/format/csv";
import type { ApiKey } from "@/lib/svc/schemas/api-keys";
import type { UsageReport } from "@/lib/svc/schemas/usage";
import { tokenRows, type TokenRow } from "@/lib/usage/series";
import { windowDays } from "@/lib/usage/window";
import type { LoadState } from "@/components/charts/chart-card";
import { Badge } from "@/components/ui/badge";
import { SortableTable } from "@/components/ui/sortable-table";
import {
  COUNTER_COLUMN_IDS,
  COUNTER_CSV_HEADER,
  counterColumns,
  counterCsvValues,
} from "@/components/usage/counter-columns";
import { TableCard } from "@/components/usage/table-card";

const column = createColumnHelper<TokenRow>();
const columns = [
  column.accessor((r) => r.name, {
    id: "key",
    header: "Key",
    cell: ({ row }) => (
      <span className="inline-flex min-w-44 flex-wrap items-center gap-x-2">
        <span className="font-medium text-slate-900">{row.original.name}</span>
        {row.original.last4 ? (
          <span className="font-mono text-xs text-slate-600">••••{row.original.last4}</span>
        ) : null}
        {row.original.revoked ? <Badge tone="red">Revoked</Badge> : null}
      </span>
    ),
  }),
  column.accessor((r) => r.tokenId, {
    id: "tokenId",
    header: "Token id",
    enableSorting: false,
    cell: (c) => <span className="font-mono text-xs text-slate-600">{c.getValue()}</span>,
  }),
  ...counterColumns<TokenRow>(),
];

export function keysCsv(rows: readonly TokenRow[]): string {
  return toCsv(
    ["Key", "Last 4", "Token id", "Revoked", ...COUNTER_CSV_HEADER],
    rows.map((r) => [r.name, r.last4, r.tokenId, r.revoked ? "yes" : "no", ...counterCsvValues(r)]),
  );
}

/** Traffic per API key, named from GET /api_keys (revoked keys included). */
export function KeyTable({
  report,
  keys,
  state,
}: {
  report: UsageReport | undefined;
  keys: readonly ApiKey[];
  state: LoadState;
}) {
  const rows = useMemo(() => (report ? tokenRows(report.by_token, keys) : []), [report, keys]);
  const days = report ? windowDays(report.window) : null;
  return (
    <TableCard
      title="By key"
      description="Every key of the account that made requests in the window."
      state={state}
      empty={rows.length === 0}
      csv={days ? { filename: `usage-keys-${days.from}-${days.to}.csv`, build: () => keysCsv(rows) } : null}
    >
      <SortableTable
        data={rows}
        columns={columns}
        caption="Requests by API key"
        getRowId={(r) => r.tokenId}
        numeric={COUNTER_COLUMN_IDS}
      />
    </TableCard>
  );
}
