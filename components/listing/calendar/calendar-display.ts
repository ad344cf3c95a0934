import { format, parseISO } from "date-fns";
import { formatCurrency } from "@/lib/format/numbers";
import type { CalendarNight, NightStatus } from "@/lib/listing/calendar/model";
import type { DemandLevel } from "@/lib/svc/schemas/calendar";

/**
 * How the price calendar looks: words for dates and money, and the classes of a night's
 * square. Kept apart from the components so the grid, the details panel, the legend and the
 * benchmark page agree.
 */

/** A night's accessible name: "Saturday 21 November 2026". */
export const nightLabel = (date: string) => format(parseISO(date), "EEEE d MMMM yyyy");

export const monthLabel = (key: string) => format(parseISO(`${key}-01`), "MMMM yyyy");

/** Whole units in the listing's currency ("$215"). */
export function money(value: number, currency: string): string {
  return formatCurrency(value, currency, { maxDigits: 0 });
}

/** Background of a night's square by status; the text on each keeps a 4.5:1 contrast. */
export const statusClasses: Record<NightStatus, string> = {
  open: "bg-white text-slate-900",
  booked: "bg-slate-200 text-slate-700",
  blocked:
    "bg-[repeating-linear-gradient(135deg,var(--color-slate-50)_0,var(--color-slate-50)_4px,var(--color-slate-200)_4px,var(--color-slate-200)_8px)] text-slate-700",
};

/** The demand bar at the foot of a square (decorative: the legend and the details say it in words). */
export const demandBarClasses: Record<DemandLevel, string> = {
  low: "bg-sky-400",
  normal: "bg-slate-300",
  high: "bg-amber-500",
  very_high: "bg-red-600",
};

/** What the main figure of a square shows. */
export type CellValue = "price" | "recommendation";

export const cellValueOptions: ReadonlyArray<{ value: CellValue; label: string }> = [
  { value: "price", label: "Price" },
  { value: "recommendation", label: "Recommendation" },
];

export function mainFigure(night: CalendarNight, value: CellValue): number {
  return value === "price" ? night.price : night.recommendedPrice;
}

export const shortDay = (date: string) => format(parseISO(date), "EEE d MMM");
