import { Skeleton } from "../../ui/skeleton";

/** The year's layout while the price calendar loads: month captions, weekday row and squares. */
export function CalendarGridSkeleton({ months = 12 }: { months?: number }) {
  return (
    <div
      aria-hidden="true"
      className="grid gap-x-4 gap-y-5 [grid-template-columns:repeat(auto-fill,minmax(19rem,1fr))]"
    >
      {Array.from({ length: months }, (_, m) => (
        <div key={m} className="space-y-1">
          <Skeleton className="h-4 w-28" />
          <div className="grid grid-cols-7 gap-0.5">
            {Array.from({ length: 35 }, (_, d) => (
              <Skeleton key={d} className="h-14" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
