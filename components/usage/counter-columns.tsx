"use client";

import { createColumnHelper } from "@tanstack/react-table";
import type { CsvValue } from "@/lib/format/csv";
import { formatLatency } from "@/lib/format/durations";
import { formatCount, formatPercent, type CounterRow } from "@/lib/usage/series";

/** The counter columns both usage tables share, sortable; latency gaps sort last. */
export function counterColumns<T extends CounterRow>() {
  const column = createColumnHelper<T>();
  const count = (n: number) => formatCount(n);
  return [
    column.accessor((r) => r.requests, {
      id: "requests",
      header: "Requests",
      cell: (c) => count(c.getValue()),
    }),
    column.accessor((r) => r.errors, { id: "errors", header: "Errors", cell: (c) => count(c.getValue()) }),
    column.accessor((r) => r.rateLimited, {
      id: "rateLimited",
      header: "429s",
      cell: (c) =>
        c.getValue() > 0 ? <span className="font-semibold text-red-700">{count(c.getValue())}</span> : "0",
    }),
    column.accessor((r) => r.errorRate ?? undefined, {
      id: "errorRate",
      header: "Error rate",
      sortUndefined: "last",
      cell: (c) => formatPercent(c.getValue() ?? null),
    }),
    column.accessor((r) => r.p50 ?? undefined, {
      id: "p50",
      header: "p50 latency",
      sortUndefined: "last",
      cell: (c) => formatLatency(c.getValue() ?? null),
    }),
    column.accessor((r) => r.p95 ?? undefined, {
      id: "p95",
      header: "p95 latency",
      sortUndefined: "last",
      cell: (c) => formatLatency(c.getValue() ?? null),
    }),
  ];
}

export const COUNTER_COLUMN_IDS = ["requests", "errors", "rateLimited", "errorRate", "p50", "p95"] as const;

/** The same counters for CSV: raw numbers, latency in ms, empty where nothing was measured. */
export const COUNTER_CSV_HEADER = [
  "Requests",
  "Errors (429s included)",
  "429s",
  "Error rate (%)",
  "p50 latency (ms)",
  "p95 latency (ms)",
  "p99 latency (ms)",
] as const;

export function counterCsvValues(r: CounterRow): CsvValue[] {
  return [r.requests, r.errors, r.rateLimited, r.errorRate, r.p50, r.p95, r.p99];
}
