/**
 * The year's layout while the price calendar loads or is drawn: month captions, weekday row
 * and squares. One pulse for the whole year: 420 squares each pulsing on its own cost a long
 * frame to start (an animation and an event apiece), the very frame the months are waiting on.
 */
export function CalendarGridSkeleton({ months = 12 }: { months?: number }) {
  return (
    <div
      aria-hidden="true"
      data-testid="calendar-grid-skeleton"
      className="grid animate-pulse gap-x-4 gap-y-5 [grid-template-columns:repeat(auto-fill,minmax(19rem,1fr))]"
    >
      {Array.from({ length: months }, (_, m) => (
        <div key={m} className="space-y-1">
          <div className="h-4 w-28 rounded bg-slate-200" />
          <div className="grid grid-cols-7 gap-0.5">
            {Array.from({ length: 35 }, (_, d) => (
              <div key={d} className="h-14 rounded bg-slate-200" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
