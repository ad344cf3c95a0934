"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { Link } from "@/components/ui/link";
import type { MarketRow } from "@/lib/market/markets";
import { SortableTable } from "@/components/ui/sortable-table";
import { formatCount } from "@/lib/format/numbers";

type Row = Omit<MarketRow, "mine"> & { mine: number | null };
const column = createColumnHelper<Row>();

/** Every market is on one page (a handful at most), so every column sorts in the browser. */
const columns = [
  column.accessor("name", {
    header: "Market",
    cell: ({ row }) => (
      <Link
        href={`/market/${encodeURIComponent(row.original.id)}`}
        className="font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        {row.original.name}
      </Link>
    ),
  }),
  column.accessor("countryName", { header: "Country" }),
  column.accessor("currency", { header: "Currency" }),
  column.accessor("listingCount", {
    header: "Listings in the market",
    cell: ({ getValue }) => formatCount(getValue()),
  }),
  column.accessor("mine", {
    header: "Your listings",
    cell: ({ getValue }) => {
      const mine = getValue();
      return mine === null ? <span className="text-slate-500">…</span> : formatCount(mine);
    },
  }),
  column.accessor("postalCodeCount", {
    header: "Postal codes",
    cell: ({ getValue }) => formatCount(getValue()),
  }),
];

export function MarketsTable({ rows }: { rows: Row[] }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white">
      <SortableTable
        data={rows}
        columns={columns}
        caption="Markets of your listings"
        getRowId={(row) => row.id}
        numeric={["listingCount", "mine", "postalCodeCount"]}
      />
    </div>
  );
}
