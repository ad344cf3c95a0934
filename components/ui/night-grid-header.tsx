"use client";

import type { VirtualItem } from "@tanstack/react-virtual";
import { memo } from "react";
import type { NightColumns } from "@/lib/format/night-columns";
import { nightLabel } from "@/lib/sets/calendar/details";

const WEEKDAY_LETTERS = ["S", "M", "T", "W", "T", "F", "S"];

export interface HeaderGeometry {
  nameWidth: number;
  cellWidth: number;
  monthBand: number;
  dayBand: number;
}

/** Night names, built once per set of columns as each first scrolls into view. */
const names = new WeakMap<object, string[]>();
export function columnName(nights: Pick<NightColumns, "columns">, col: number): string {
  let list = names.get(nights);
  if (!list) {
    list = [];
    names.set(nights, list);
  }
  return (list[col] ??= nightLabel(nights.columns[col]!.date));
}

/**
 * The sticky header row of a grid of nights (the set price calendar, the portfolio calendar):
 * the month band, whose labels stick while their month is in view, and one header per night
 * (weekday letter and day), weekends shaded.
 */
export const NightGridHeader = memo(function NightGridHeader({
  nights,
  cols,
  width,
  geometry,
  corner,
}: {
  nights: Pick<NightColumns, "columns" | "months">;
  cols: VirtualItem[];
  width: number;
  geometry: HeaderGeometry;
  /** The name column's header. */
  corner: string;
}) {
  const { nameWidth, cellWidth, monthBand, dayBand } = geometry;
  const height = monthBand + dayBand;
  const firstCol = cols[0]?.index ?? 0;
  const lastCol = cols[cols.length - 1]?.index ?? -1;
  return (
    <div
      role="row"
      aria-rowindex={1}
      className="sticky top-0 z-20 border-b border-slate-200 bg-white"
      style={{ width, height }}
    >
      <div
        role="columnheader"
        aria-colindex={1}
        className="sticky left-0 z-10 flex items-end border-r border-slate-200 bg-white px-3 pb-1.5 text-xs font-semibold text-slate-700"
        style={{ width: nameWidth, height }}
      >
        {corner}
      </div>
      {nights.months
        .filter((m) => m.first <= lastCol && m.first + m.count - 1 >= firstCol)
        .map((m) => (
          <div
            key={m.first}
            aria-hidden="true"
            className="absolute top-0 border-l border-slate-300"
            style={{ left: nameWidth + m.first * cellWidth, width: m.count * cellWidth, height: monthBand }}
          >
            <span
              className="sticky inline-block whitespace-nowrap px-1.5 pt-0.5 text-xs font-semibold text-slate-800"
              style={{ left: nameWidth }}
            >
              {monthLabelFor(m.label, m.count * cellWidth)}
            </span>
          </div>
        ))}
      {cols.map((c) => {
        const column = nights.columns[c.index]!;
        const weekend = column.weekday === 0 || column.weekday === 6;
        return (
          <div
            key={c.key}
            role="columnheader"
            aria-colindex={c.index + 2}
            aria-label={columnName(nights, c.index)}
            className={`absolute flex flex-col items-center justify-center text-[11px] leading-tight ${
              weekend ? "bg-slate-100 text-slate-900" : "text-slate-700"
            }`}
            style={{ left: c.start, top: monthBand, width: cellWidth, height: dayBand }}
          >
            <span aria-hidden="true">{WEEKDAY_LETTERS[column.weekday]}</span>
            <span aria-hidden="true" className="font-semibold">
              {column.dayOfMonth}
            </span>
          </div>
        );
      })}
    </div>
  );
});

/**
 * A month's label as its band has room for it: whole ("November 2026"), its first three letters
 * for a month of a few nights at the edge of the range, none for a sliver, so that it never runs
 * into the next month's (the night headers name every night in full).
 */
export function monthLabelFor(label: string, width: number): string {
  if (width >= 7.5 * label.length + 12) return label;
  return width >= 34 ? label.slice(0, 3) : "";
}
