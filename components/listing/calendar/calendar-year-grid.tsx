"use client";

import { useRef, type FocusEvent, type KeyboardEvent, type MouseEvent } from "react";
import { keyboardTarget } from "@/lib/listing/calendar/dates";
import type { CalendarYear } from "@/lib/listing/calendar/model";
import { CalendarMonthTable, type MonthDisplay } from "@/components/listing/calendar/calendar-month";

/**
 * A month's height in px before it is first drawn: its table measures 44.5 px (caption and
 * weekday row) plus 58 px a week (a 56 px square and the 2 px spacing). Months off screen are
 * not styled, laid out or painted until they come near (`content-visibility: auto`); at this
 * size nothing moves when they are. Once drawn, the browser remembers the real size (`auto`).
 */
const monthPlaceholderHeight = (weeks: number) => 44.5 + 58 * weeks;

const inMonth = (date: string | null, key: string) => (date !== null && date.startsWith(key) ? date : null);

/** The night square an event happened in, if any. */
function dateOf(event: { target: EventTarget }): string | null {
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-date]") : null;
  return target?.dataset.date ?? null;
}

/**
 * Twelve month tables of nights. One night is reachable with Tab (the selected one); arrows,
 * Home/End and Page Up/Down move between nights across months (the date-grid pattern), so the
 * year is not 365 tab stops. Hover previews a night, focus or a click selects it; the caller
 * shows the details. Renders from data in hand only (the benchmark page uses it as is).
 */
export function CalendarYearGrid({
  year,
  display,
  selected,
  hovered,
  onSelect,
  onChoose,
  onHover,
}: {
  year: CalendarYear;
  display: MonthDisplay;
  selected: string;
  hovered: string | null;
  onSelect: (date: string) => void;
  /** A night clicked or pressed (Enter, Space), not just focused: a phone opens its details. */
  onChoose?: (date: string) => void;
  onHover: (date: string | null) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const active = hovered ?? selected;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const from = dateOf(event);
    if (!from) return;
    const next = keyboardTarget(from, event.key, year.range);
    if (next === null) return;
    event.preventDefault();
    // Every night of the range is a button, so the target exists; focusing it selects it.
    container.current?.querySelector<HTMLElement>(`[data-date="${next}"]`)?.focus();
  }

  return (
    <div
      ref={container}
      onKeyDown={onKeyDown}
      onFocus={(event: FocusEvent<HTMLDivElement>) => {
        const date = dateOf(event);
        if (date) onSelect(date);
      }}
      onClick={(event: MouseEvent<HTMLDivElement>) => {
        const date = dateOf(event);
        if (!date) return;
        onSelect(date);
        onChoose?.(date);
      }}
      onMouseOver={(event: MouseEvent<HTMLDivElement>) => {
        const date = dateOf(event);
        if (date && date !== hovered) onHover(date);
      }}
      onMouseLeave={() => onHover(null)}
      className="grid gap-x-4 gap-y-5 [grid-template-columns:repeat(auto-fill,minmax(19rem,1fr))]"
    >
      {year.months.map((month) => (
        <div
          key={month.key}
          style={{
            contentVisibility: "auto",
            containIntrinsicBlockSize: `auto ${monthPlaceholderHeight(month.weeks.length)}px`,
          }}
        >
          <CalendarMonthTable
            month={month}
            display={display}
            activeDate={inMonth(active, month.key)}
            focusDate={inMonth(selected, month.key)}
          />
        </div>
      ))}
    </div>
  );
}
