"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import { Link } from "@/components/ui/link";
import { formatUtc, formatUtcDate } from "@/lib/format/times";
import { knownOr, wordsOf } from "@/lib/display/open-values";
import { setAccessWords } from "@/lib/sets/access";
import { membershipWords, ownerLabel } from "@/lib/sets/list";
import type { SetRecord } from "@/lib/svc/schemas/sets";
import { Badge } from "@/components/ui/badge";
import { SortableTable } from "@/components/ui/sortable-table";

const column = createColumnHelper<SetRecord>();

const accessTones = { owner: "brand", M: "green", F: "green", E: "amber", R: "neutral" } as const;

/**
 * Sorting is off: the service orders and pages the sets, so sorting one page would suggest
 * an order the other pages do not follow.
 */
function columns(owners: ReadonlyMap<string, string>) {
  return [
    column.accessor("name", {
      header: "Set",
      enableSorting: false,
      cell: ({ row }) => {
        const membership = wordsOf(membershipWords, row.original.membership, "a kind of membership");
        return (
          <div className="min-w-48">
            <Link
              href={`/sets/${encodeURIComponent(row.original.id)}`}
              className="font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              {row.original.name}
            </Link>
            <p className="text-xs text-slate-600" title={membership.meaning}>
              {membership.label}
              {row.original.membership === "filter" ? " · updated by its filters" : ""}
            </p>
          </div>
        );
      },
    }),
    column.accessor("is_paid", {
      header: "Plan",
      enableSorting: false,
      cell: ({ getValue }) =>
        getValue() ? (
          <Badge tone="brand" title="Paid: the set's analytics are available">
            Paid
          </Badge>
        ) : (
          <Badge title="Free: building the set works; analytics need the paid plan">Free</Badge>
        ),
    }),
    column.accessor("kind", { header: "Kind", enableSorting: false }),
    column.accessor("member_count", {
      header: "Members",
      enableSorting: false,
      cell: ({ getValue }) => <span className="tabular-nums">{getValue()}</span>,
    }),
    // Computed in the cell, not as the column's value: TanStack caches values per row, and the
    // owners' names arrive after the rows.
    column.display({
      id: "owner",
      header: "Owner",
      cell: ({ row }) => (
        <span className={row.original.access === "owner" ? "font-medium" : "break-all"}>
          {ownerLabel(row.original, owners)}
        </span>
      ),
    }),
    column.accessor("access", {
      header: "Your access",
      enableSorting: false,
      cell: ({ getValue }) => {
        const words = setAccessWords(getValue());
        return (
          <Badge tone={knownOr(accessTones, getValue(), () => "neutral")} title={words.meaning}>
            {words.label}
          </Badge>
        );
      },
    }),
    column.accessor("updated_at", {
      header: "Updated",
      enableSorting: false,
      cell: ({ getValue }) => (
        <time dateTime={getValue()} title={formatUtc(getValue())} className="whitespace-nowrap">
          {formatUtcDate(getValue())}
        </time>
      ),
    }),
  ];
}

/** One page of sets as the service ordered it. */
export function SetsTable({ sets, owners }: { sets: SetRecord[]; owners: ReadonlyMap<string, string> }) {
  const cols = useMemo(() => columns(owners), [owners]);
  return (
    <div className="rounded-lg border border-slate-200 bg-white">
      <SortableTable
        data={sets}
        columns={cols}
        caption="Your sets"
        getRowId={(s) => s.id}
        numeric={["member_count"]}
      />
    </div>
  );
}
