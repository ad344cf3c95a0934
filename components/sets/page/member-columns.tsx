"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { knownOr, labelOf } from "@/lib/display/open-values";
import { EMPTY } from "@/lib/format/numbers";
import { channelLabels } from "@/lib/display/channels";
import { MEMBER_TABLE_METRICS } from "@/lib/sets/members-csv";
import { formatMetric, memberStatusWords } from "@/lib/sets/page";
import type { MetricWindow } from "@/lib/svc/schemas/kpi-lexicon";
import type { MemberListing, MemberStatus } from "@/lib/svc/schemas/sets";
import { Badge } from "@/components/ui/badge";

const column = createColumnHelper<MemberListing>();

const STATUS_TONES = { active: "green", suggested: "amber", inactive: "neutral" } as const;

export function StatusBadge({ status }: { status: MemberStatus }) {
  const words = memberStatusWords(status);
  return (
    <Badge tone={knownOr(STATUS_TONES, status, () => "neutral")} title={words.meaning}>
      {words.label}
    </Badge>
  );
}

export const METRIC_COLUMN_IDS: readonly string[] = MEMBER_TABLE_METRICS.map((m) => m.metric);

export interface Selection {
  selected: ReadonlySet<string>;
  toggle: (id: string, on: boolean) => void;
  toggleAll: (on: boolean) => void;
}

/** A group's columns: a checkbox when members can be changed, then name, bedrooms, metrics, status. */
export function memberColumns(
  period: MetricWindow,
  groupLabel: string,
  rows: MemberListing[],
  selection: Selection | null,
) {
  const select = selection
    ? [
        column.display({
          id: "select",
          header: () => {
            const all = rows.length > 0 && rows.every((r) => selection.selected.has(r.listing_id));
            return (
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-600"
                aria-label={`Select every ${groupLabel.toLowerCase()} member`}
                checked={all}
                onChange={(event) => selection.toggleAll(event.target.checked)}
              />
            );
          },
          cell: ({ row }) => (
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-600"
              aria-label={`Select ${row.original.name}`}
              checked={selection.selected.has(row.original.listing_id)}
              onChange={(event) => selection.toggle(row.original.listing_id, event.target.checked)}
            />
          ),
        }),
      ]
    : [];
  return [
    ...select,
    column.accessor("name", {
      header: "Listing",
      cell: ({ row }) => (
        <div className="min-w-52">
          <p className="font-medium text-slate-900">{row.original.name}</p>
          <p className="text-xs text-slate-600">
            {labelOf(channelLabels, row.original.channel)} · #{row.original.listing_id}
          </p>
        </div>
      ),
    }),
    column.accessor((m) => m.bedrooms ?? undefined, {
      id: "bedrooms",
      header: "Bedrooms",
      cell: ({ row }) => row.original.bedrooms ?? EMPTY,
    }),
    ...MEMBER_TABLE_METRICS.map(({ metric, header, kind }) =>
      column.accessor((m) => m[`${metric}_${period}`] ?? undefined, {
        id: metric,
        header,
        cell: ({ row }) => formatMetric(row.original[`${metric}_${period}`], kind, row.original.currency),
      }),
    ),
    column.accessor("status", {
      header: "Status",
      enableSorting: false,
      cell: ({ getValue }) => <StatusBadge status={getValue()} />,
    }),
  ];
}
