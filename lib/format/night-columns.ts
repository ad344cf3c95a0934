/**
 * The columns of a calendar grid of nights (the set price calendar and the portfolio
 * calendar): one per night of a range, in UTC days as the service counts them, with the
 * month spans drawn in the header band.
 */

export interface NightColumn {
  date: string;
  dayOfMonth: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
}

export interface MonthSpan {
  label: string;
  first: number;
  count: number;
}

export interface NightColumns {
  columns: NightColumn[];
  months: MonthSpan[];
  /** Column index of each date. */
  colOf: Map<string, number>;
}

const DAY_MS = 86_400_000;
/** The months' names in English, January first. */
export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** Nights from `start` to `end`, both included (none when `end` is before `start`). */
export function nightColumns(start: string, end: string): NightColumns {
  const startMs = Date.parse(`${start}T00:00:00Z`);
  const nights = Math.max(0, Math.round((Date.parse(`${end}T00:00:00Z`) - startMs) / DAY_MS) + 1);
  const columns: NightColumn[] = [];
  const months: MonthSpan[] = [];
  const colOf = new Map<string, number>();
  for (let i = 0; i < nights; i++) {
    const d = new Date(startMs + i * DAY_MS);
    const date = d.toISOString().slice(0, 10);
    columns.push({ date, dayOfMonth: d.getUTCDate(), weekday: d.getUTCDay() });
    colOf.set(date, i);
    const last = months[months.length - 1];
    if (!last || d.getUTCDate() === 1) {
      months.push({ label: `${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCFullYear()}`, first: i, count: 1 });
    } else last.count++;
  }
  return { columns, months, colOf };
}
