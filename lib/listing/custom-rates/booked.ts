import { addDays } from "@/lib/listing/calendar/dates";
import { periodDates } from "@/lib/listing/custom-rates/words";

/**
 * The booked nights a custom rate period would cover, from the price calendar the workspace
 * already reads (`is_booked`). A custom rate prices nights still to be sold: it does not
 * change a stay already booked, so covering booked nights is rarely meant and is said, with
 * the nights named, before saving.
 */

export interface BookedOverlap {
  /** Booked nights inside the period, in date order. */
  dates: string[];
  /** The last night the calendar answered; nights of the period after it were not checked. */
  checkedThrough: string | null;
  /** The period runs past the calendar read, so its later nights were not checked. */
  partial: boolean;
}

export function bookedOverlap(
  nights: ReadonlyArray<{ date: string; is_booked: boolean }>,
  period: { start_date: string; end_date: string },
): BookedOverlap {
  const dates = nights
    .filter((n) => n.is_booked && n.date >= period.start_date && n.date <= period.end_date)
    .map((n) => n.date)
    .sort();
  const checkedThrough = nights.reduce<string | null>(
    (last, n) => (last === null || n.date > last ? n.date : last),
    null,
  );
  return { dates, checkedThrough, partial: checkedThrough === null || checkedThrough < period.end_date };
}

/** Consecutive dates joined into periods, so ten booked nights read as one or two spans. */
export function runsOf(dates: readonly string[]): Array<{ start_date: string; end_date: string }> {
  const runs: Array<{ start_date: string; end_date: string }> = [];
  for (const date of dates) {
    const last = runs[runs.length - 1];
    if (last && addDays(last.end_date, 1) === date) last.end_date = date;
    else runs.push({ start_date: date, end_date: date });
  }
  return runs;
}

/** "2 of these nights are already booked: 4 Dec - 5 Dec 2026. ..."; null when none is. */
export function bookedNightsWarning(overlap: BookedOverlap): string | null {
  const unchecked =
    overlap.partial && overlap.checkedThrough !== null
      ? ` Nights after ${periodDates({ start_date: overlap.checkedThrough, end_date: overlap.checkedThrough })} were not checked.`
      : "";
  if (overlap.dates.length === 0) return null;
  const runs = runsOf(overlap.dates).map(periodDates);
  const spans = runs.length === 1 ? runs[0]! : `${runs.slice(0, -1).join(", ")} and ${runs[runs.length - 1]}`;
  const count = overlap.dates.length;
  return `${count === 1 ? "1 of these nights is" : `${count} of these nights are`} already booked: ${spans}. A custom rate does not change a stay already booked; it would price ${
    count === 1 ? "that night" : "those nights"
  } only if the booking is cancelled.${unchecked}`;
}
