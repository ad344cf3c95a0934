import { format, parseISO } from "date-fns";
import type { CalendarYear } from "@/lib/listing/calendar/model";

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The year in one line: its dates, how its nights stand, and any the service did not answer. */
export function CalendarSummary({ year }: { year: CalendarYear }) {
  let booked = 0;
  let blocked = 0;
  let custom = 0;
  for (const night of year.nights) {
    if (night.status === "booked") booked += 1;
    else if (night.status === "blocked") blocked += 1;
    if (night.customRate) custom += 1;
  }
  const open = year.nights.length - booked - blocked;
  return (
    <div className="space-y-1 text-sm text-slate-700">
      <p>
        {format(parseISO(year.range.start_date), "d MMM yyyy")} to{" "}
        {format(parseISO(year.range.end_date), "d MMM yyyy")}: {count(open, "open night", "open nights")},{" "}
        {booked} booked, {blocked} blocked by the host; {count(custom, "night has", "nights have")} a custom
        rate.
      </p>
      {year.missingDates > 0 ? (
        <p className="text-amber-900">
          The service gave no figures for {count(year.missingDates, "night", "nights")} of this range; those
          squares show a dash.
        </p>
      ) : null}
    </div>
  );
}
