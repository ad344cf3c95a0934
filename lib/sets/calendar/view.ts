import { EMPTY, formatCompact } from "@/lib/format/numbers";
import { plural } from "@/lib/sets/calendar/gate";
import { nightLabel } from "@/lib/sets/calendar/details";
import type { CalendarGrid } from "@/lib/sets/calendar/model";
import {
  NO_DIFFERENCE_WORDS,
  differenceWords,
  mineDifference,
  signedPercent,
  type CompStats,
} from "@/lib/sets/calendar/comp-stats";

/**
 * The lines the heat map draws, pure: each of my listings followed by its difference to the
 * comps' median, then the comps' median, 25th and 75th percentile (all pinned under the
 * header), then one line per comp. Every cell of a figure line says its figure in words.
 */

export type CompStat = "median" | "p25" | "p75";

export type ViewLine =
  { kind: "listing"; row: number } | { kind: "difference"; row: number } | { kind: "stat"; stat: CompStat };

export interface CalendarView {
  grid: CalendarGrid;
  stats: CompStats;
  lines: ViewLine[];
  /** Lines pinned under the header: mine, their differences and the comps' figures. */
  pinned: number;
}

export const STAT_NAMES: Record<CompStat, string> = {
  median: "Comps' median",
  p25: "Comps' 25th percentile",
  p75: "Comps' 75th percentile",
};

const STATS: readonly CompStat[] = ["median", "p25", "p75"];

export function calendarView(grid: CalendarGrid, stats: CompStats): CalendarView {
  const lines: ViewLine[] = [];
  for (let row = 0; row < grid.pinned; row++) {
    lines.push({ kind: "listing", row }, { kind: "difference", row });
  }
  for (const stat of STATS) lines.push({ kind: "stat", stat });
  const pinned = lines.length;
  for (let row = grid.pinned; row < grid.rows.length; row++) lines.push({ kind: "listing", row });
  return { grid, stats, lines, pinned };
}

/** The line's name in its row header. */
export function lineName(view: CalendarView, line: ViewLine): string {
  if (line.kind === "stat") return STAT_NAMES[line.stat];
  const name = view.grid.rows[line.row]!.name;
  return line.kind === "difference" ? `${name}: % against the comps' median` : name;
}

/** Few characters, to fit a night's square: "215", "1.2K". */
export const shortPrice = (value: number) =>
  Math.abs(value) < 999.5 ? String(Math.round(value)) : formatCompact(value);

export interface FigureDetails {
  /** The line, in words ("Comps' median", "Mine: My loft against the comps' median"). */
  title: string;
  date: string;
  /** What the square shows: a short price or a signed %, or empty. */
  text: string;
  /** Term and value pairs for the night details. */
  items: Array<{ term: string; value: string }>;
  /** The figure in words ("$215, of 12 comps priced", "12% above the comps' median of $170"). */
  words: string;
  /** One sentence for the cell's accessible name: the title, the date and the words. */
  summary: string;
}

/** The words of a night on a figure line (a comp figure, or a difference of mine). */
export function figureDetails(
  view: CalendarView,
  line: Exclude<ViewLine, { kind: "listing" }>,
  col: number,
  dateLabel?: string,
): FigureDetails | null {
  const { grid, stats } = view;
  const column = grid.columns[col];
  const night = stats.nights[col];
  if (!column || !night) return null;
  const date = dateLabel ?? nightLabel(column.date);
  const money = (value: number | null) => (value === null ? EMPTY : grid.money(value));
  const priced = night.count === 0 ? "no comp priced this night" : `of ${plural(night.count, "comp")} priced`;
  if (line.kind === "stat") {
    const value = night[line.stat];
    const title = STAT_NAMES[line.stat];
    const words = `${money(value)}, ${priced}`;
    return {
      title,
      date,
      text: value === null ? "" : shortPrice(value),
      items: [
        { term: "Median", value: money(night.median) },
        { term: "25th to 75th percentile", value: `${money(night.p25)} to ${money(night.p75)}` },
        { term: "Comps priced", value: String(night.count) },
      ],
      words,
      summary: `${title}, ${date}: ${words}`,
    };
  }
  const title = `Mine: ${grid.rows[line.row]!.name} against the comps' median`;
  const difference = mineDifference(grid, stats, line.row, col);
  const price = grid.price[line.row * grid.columns.length + col]!;
  const words =
    typeof difference === "string"
      ? NO_DIFFERENCE_WORDS[difference]
      : differenceWords(difference, money(night.median));
  const amount =
    typeof difference === "string"
      ? EMPTY
      : `${difference.amount >= 0 ? "+" : "-"}${grid.money(Math.abs(difference.amount))}`;
  return {
    title,
    date,
    text: typeof difference === "string" ? "" : signedPercent(difference),
    items: [
      {
        term: "Your price",
        value: difference === "not-compared" || Number.isNaN(price) ? EMPTY : grid.money(price),
      },
      { term: "Comps' median", value: money(night.median) },
      {
        term: "Difference",
        value: typeof difference === "string" ? EMPTY : `${signedPercent(difference)}% (${amount})`,
      },
    ],
    words,
    summary: `${title}, ${date}: ${words}`,
  };
}
