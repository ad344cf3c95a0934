import { demandLabels } from "@/lib/listing/calendar/model";
import type { DemandLevel } from "@/lib/svc/schemas/calendar";
import { cn } from "@/components/ui/cn";
import { demandBarClasses, statusClasses } from "@/components/listing/calendar/calendar-display";

const DEMANDS: DemandLevel[] = ["low", "normal", "high", "very_high"];

/** What the squares' backgrounds, bars and corner mark mean, in words. */
export function CalendarLegend({
  showGuestPrice,
  showMinStay,
}: {
  showGuestPrice: boolean;
  showMinStay: boolean;
}) {
  return (
    <ul aria-label="Calendar legend" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
      <li className="inline-flex items-center gap-1.5">
        <span
          aria-hidden="true"
          className={cn("h-3 w-4 rounded-sm border border-slate-300", statusClasses.open)}
        />
        Open
      </li>
      <li className="inline-flex items-center gap-1.5">
        <span
          aria-hidden="true"
          className={cn("h-3 w-4 rounded-sm border border-slate-300", statusClasses.booked)}
        />
        Booked
      </li>
      <li className="inline-flex items-center gap-1.5">
        <span
          aria-hidden="true"
          className={cn("h-3 w-4 rounded-sm border border-slate-300", statusClasses.blocked)}
        />
        Blocked by the host
      </li>
      <li className="inline-flex items-center gap-1.5">
        <span
          aria-hidden="true"
          className="h-0 w-0 border-l-[10px] border-t-[10px] border-l-transparent border-t-brand-600"
        />
        Custom rate applied
      </li>
      {DEMANDS.map((level) => (
        <li key={level} className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className={cn("h-1 w-4 rounded-full", demandBarClasses[level])} />
          {demandLabels[level]}
        </li>
      ))}
      {showGuestPrice ? <li>Second figure: what guests pay with fees</li> : null}
      {showMinStay ? <li>Top right: minimum stay from the minimum-stay calendar (2n = 2 nights)</li> : null}
    </ul>
  );
}
