"use client";

import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type SortingState,
} from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { channelLabels, formatMoney, tagEditPermission } from "@/lib/listing-display";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import type { Listing } from "@/lib/svc/schemas/listings";
import { Badge } from "../ui/badge";
import { AccessBadge } from "./access-badge";
import { TagsCell } from "./tags-cell";

const column = createColumnHelper<Listing>();

const ownerName = (l: Listing) =>
  [l.owner_user.first_name, l.owner_user.last_name].filter(Boolean).join(" ") || l.owner_user.email;

function columns(keyKind: ApiKeyKind | null) {
  return [
    column.accessor("name", {
      header: "Listing",
      cell: ({ row }) => (
        <div className="min-w-48">
          <p className="font-medium text-slate-900">{row.original.name}</p>
          <p className="text-xs text-slate-600">
            <span>
              {channelLabels[row.original.channel]} #{row.original.id}
            </span>
            {row.original.bedrooms !== null ? ` · ${row.original.bedrooms} BR` : ""}
          </p>
        </div>
      ),
    }),
    column.accessor("market_name", { header: "Market" }),
    column.accessor((l) => ownerName(l), { id: "owner", header: "Owner" }),
    column.accessor("access_level", {
      header: "Your access",
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
}

/** The portfolio table: sortable columns, the page of rows the parent chose. */
export function ListingsTable({
  listings,
  keyKind,
  pageIndex,
  pageSize,
}: {
  listings: Listing[];
  keyKind: ApiKeyKind | null;
  pageIndex: number;
  pageSize: number;
}) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const cols = useMemo(() => columns(keyKind), [keyKind]);
  // The table only sorts; the parent pages the sorted rows so the URL owns the page number.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: listings,
    columns: cols,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (l) => l.svc_id,
  });
  const rows = table.getRowModel().rows.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize);

  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Your listings</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className="px-3 py-2 font-semibold"
                    aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        <span aria-hidden="true">
                          {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : ""}
                        </span>
                      </button>
                    ) : (
                      flexRender(header.column.columnDef.header, header.getContext())
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-slate-100 last:border-0 hover:bg-slate-50">
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className="px-3 py-2 align-top">
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
