"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import { channelLabels, formatMoney, tagEditPermission } from "@/lib/listing-display";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import type { Listing } from "@/lib/svc/schemas/listings";
import { Badge } from "../ui/badge";
import { SortableTable } from "../ui/sortable-table";
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
  const cols = useMemo(() => columns(keyKind), [keyKind]);
  return (
    <div className="rounded-lg border border-slate-200 bg-white">
      <SortableTable
        data={listings}
        columns={cols}
        caption="Your listings"
        getRowId={(l) => l.svc_id}
        page={{ index: pageIndex, size: pageSize }}
      />
    </div>
  );
}
