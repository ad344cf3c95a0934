"use client";

import { memo } from "react";
import { rateWords } from "@/lib/listing/custom-rates/words";
import {
  demandLabels,
  statusLabels,
  type CalendarMonth,
  type CalendarNight,
} from "@/lib/listing/calendar/model";
import { cn } from "@/components/ui/cn";
import {
  demandBarClasses,
  mainFigure,
  money,
  monthLabel,
  nightLabel,
  statusClasses,
  type CellValue,
} from "@/components/listing/calendar/calendar-display";

const WEEKDAYS = [
  ["Mon", "Monday"],
  ["Tue", "Tuesday"],
  ["Wed", "Wednesday"],
  ["Thu", "Thursday"],
  ["Fri", "Friday"],
  ["Sat", "Saturday"],
  ["Sun", "Sunday"],
] as const;

export interface MonthDisplay {
  currency: string;
  cellValue: CellValue;
  /** The fee overlay is on and loaded: each square also shows what guests pay. */
  showGuestPrice: boolean;
  /** The minimum-stay overlay is on and loaded. */
  showMinStay: boolean;
}

/** The words a screen reader hears after the date: the square's figures, said in full. */
function nightSummary(night: CalendarNight, display: MonthDisplay): string {
  const parts = [
    `Price ${money(night.price, display.currency)}`,
    `recommendation ${money(night.recommendedPrice, display.currency)}`,
    statusLabels[night.status],
    demandLabels[night.demand],
    `minimum stay ${night.minStay} ${night.minStay === 1 ? "night" : "nights"}${
      night.minStaySource === "custom_rate" ? " (set by the custom rate)" : ""
    }`,
  ];
  if (night.customRate) parts.push(`custom rate: ${rateWords(night.customRate, display.currency)}`);
  if (display.showGuestPrice && night.guestPrice !== null) {
    parts.push(`guests pay ${money(night.guestPrice, display.currency)} with fees`);
  }
  if (display.showMinStay && night.overlayMinStay !== null) {
    parts.push(`minimum-stay calendar ${night.overlayMinStay} nights`);
  }
  return `${parts.join(", ")}.`;
}

function NightSquare({
  date,
  night,
  display,
  active,
  tabbable,
}: {
  date: string;
  night: CalendarNight | null;
  display: MonthDisplay;
  active: boolean;
  tabbable: boolean;
}) {
  const descriptionId = `night-${date}-summary`;
  const base = cn(
    // The scroll margins keep a night moved to by keyboard clear of the sticky details panel.
    "relative flex h-14 w-full scroll-mb-4 scroll-mt-48 flex-col items-stretch overflow-hidden rounded border px-1 pb-1.5 pt-0.5 text-left",
    "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
    active ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200 hover:border-slate-400",
  );
  if (!night) {
    return (
      <button
        type="button"
        data-date={date}
        tabIndex={tabbable ? 0 : -1}
        aria-label={nightLabel(date)}
        aria-describedby={descriptionId}
        className={cn(base, "bg-white text-slate-600")}
      >
        <span aria-hidden="true" className="text-[10px] leading-tight">
          {Number(date.slice(8, 10))}
        </span>
        <span aria-hidden="true" className="text-xs">
          –
        </span>
        <span id={descriptionId} className="sr-only">
          The service gave no figures for this night.
        </span>
      </button>
    );
  }
  return (
    <button
      type="button"
      data-date={date}
      data-status={night.status}
      tabIndex={tabbable ? 0 : -1}
      aria-label={nightLabel(date)}
      aria-describedby={descriptionId}
      className={cn(base, statusClasses[night.status])}
    >
      <span aria-hidden="true" className="flex justify-between text-[10px] leading-tight">
        <span>{night.day}</span>
        {display.showMinStay && night.overlayMinStay !== null ? (
          <span className="pr-2 font-medium">{night.overlayMinStay}n</span>
        ) : null}
      </span>
      <span aria-hidden="true" className="truncate text-xs font-semibold leading-tight">
        {money(mainFigure(night, display.cellValue), display.currency)}
      </span>
      {display.showGuestPrice && night.guestPrice !== null ? (
        <span aria-hidden="true" className="truncate text-[10px] leading-tight">
          {money(night.guestPrice, display.currency)}
        </span>
      ) : null}
      {night.customRate ? (
        <span
          aria-hidden="true"
          data-marker="custom-rate"
          className="absolute right-0 top-0 h-0 w-0 border-l-[10px] border-t-[10px] border-l-transparent border-t-brand-600"
        />
      ) : null}
      <span
        aria-hidden="true"
        className={cn("absolute inset-x-1 bottom-0.5 h-1 rounded-full", demandBarClasses[night.demand])}
      />
      <span id={descriptionId} className="sr-only">
        {nightSummary(night, display)}
      </span>
    </button>
  );
}

/**
 * One month as a table (caption, weekday headers, Monday-first weeks). Memoised: hovering or
 * moving between nights re-renders only the month that holds the old and the new night.
 */
export const CalendarMonthTable = memo(function CalendarMonthTable({
  month,
  display,
  activeDate,
  focusDate,
}: {
  month: CalendarMonth;
  display: MonthDisplay;
  /** The night the details panel shows, when it is in this month. */
  activeDate: string | null;
  /** The one night reachable with Tab, when it is in this month (the others by arrow keys). */
  focusDate: string | null;
}) {
  return (
    <table className="w-full table-fixed border-separate border-spacing-0.5" data-month={month.key}>
      <caption className="pb-1 text-left text-sm font-semibold text-slate-900">
        {monthLabel(month.key)}
      </caption>
      <thead>
        <tr>
          {WEEKDAYS.map(([short, full]) => (
            <th key={short} scope="col" abbr={full} className="text-[11px] font-medium text-slate-600">
              {short}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {month.weeks.map((week, w) => (
          <tr key={w}>
            {week.map((cell, d) =>
              cell === null ? (
                <td key={d} />
              ) : !cell.inRange ? (
                <td key={d}>
                  <span className="block h-14 px-1 pt-0.5 text-[10px] text-slate-500">{cell.day}</span>
                </td>
              ) : (
                <td key={d}>
                  <NightSquare
                    date={cell.date}
                    night={cell.night}
                    display={display}
                    active={cell.date === activeDate}
                    tabbable={cell.date === focusDate}
                  />
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
});
