"use client";

import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type Cell,
  type ColumnDef,
  type Header,
  type SortingState,
} from "@tanstack/react-table";
import { startTransition, useImperativeHandle, useState, type ReactNode, type Ref } from "react";
import { cn } from "@/components/ui/cn";

/**
 * A cell's content, its definition called as a function. flexRender would mount a function
 * definition as a component, and columns are rebuilt when what they close over changes (a
 * query's answer arriving): each new function would then be a new component type, and React
 * would remount every cell, closing an open dialog and losing a click made just before.
 * Cell definitions here return elements and call no hooks themselves.
 */
export function cellContent<T>(cell: Cell<T, unknown>): ReactNode {
  const definition = cell.column.columnDef.cell;
  return typeof definition === "function" ? definition(cell.getContext()) : (definition ?? null);
}

/**
 * What a header cell holds: for a sortable column, a button that toggles the sort and shows its
 * direction (the `th` around it carries aria-sort); otherwise the header itself.
 */
export function SortHeaderContent<T>({
  header,
  alignRight,
}: {
  header: Header<T, unknown>;
  alignRight: boolean;
}) {
  const sorted = header.column.getIsSorted();
  if (!header.column.getCanSort()) return flexRender(header.column.columnDef.header, header.getContext());
  return (
    <button
      type="button"
      className={cn(
        "inline-flex items-center gap-1 uppercase hover:text-slate-900",
        alignRight && "flex-row-reverse",
      )}
      onClick={header.column.getToggleSortingHandler()}
    >
      {flexRender(header.column.columnDef.header, header.getContext())}
      <span aria-hidden="true" className="inline-block w-2.5 text-center">
        {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : ""}
      </span>
    </button>
  );
}

/**
 * A table whose column headers sort it (TanStack Table): each sortable header is a button,
 * and the sorted column says so with aria-sort. Columns listed in `numeric` align right.
 */
export function SortableTable<T>({
  data,
  columns,
  caption,
  getRowId,
  numeric = [],
  page,
  sortedRowsRef,
}: {
  data: T[];
  // TanStack's column helpers give each column its own value type; a table mixes them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  caption: string;
  getRowId: (row: T) => string;
  numeric?: readonly string[];
  /** Show one page of the sorted rows; the caller owns the page number (e.g. in the URL). */
  page?: { index: number; size: number };
  /** Receives a reader of every row in the order shown (all pages), e.g. for a CSV of what is seen. */
  sortedRowsRef?: Ref<() => T[]>;
}) {
  const [sorting, setSorting] = useState<SortingState>([]);
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns,
    state: { sorting },
    // A transition: a long table re-sorts in slices React can pause, so the click paints at once.
    onSortingChange: (update) => startTransition(() => setSorting(update)),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId,
  });
  // Read on demand (a click), so it always reflects the sort at that moment.
  useImperativeHandle(sortedRowsRef, () => () => table.getSortedRowModel().rows.map((r) => r.original), [
    table,
  ]);
  const right = (id: string) => numeric.includes(id);
  const sortedRows = table.getRowModel().rows;
  const rows = page ? sortedRows.slice(page.index * page.size, (page.index + 1) * page.size) : sortedRows;

  // A wide table scrolls in its own box. The box is positioned because the sr-only caption and
  // labels inside are absolutely placed: against the page, they would widen it on a phone.
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const alignRight = right(header.column.id);
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={cn("whitespace-nowrap px-3 py-2 font-semibold", alignRight && "text-right")}
                    aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                  >
                    <SortHeaderContent header={header} alignRight={alignRight} />
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
                <td
                  key={cell.id}
                  className={cn("px-3 py-2 align-top", right(cell.column.id) && "text-right tabular-nums")}
                >
                  {cellContent(cell)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
