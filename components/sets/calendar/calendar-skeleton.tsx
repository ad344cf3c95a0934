import { Skeleton } from "@/components/ui/skeleton";
import { HEADER_HEIGHT, ROW_HEIGHT } from "@/components/ui/heatmap-layout";
import { NAME_WIDTH_DEFAULT } from "@/lib/sets/calendar/view-prefs";

/** The calendar's layout while it loads: summary line, legend, the grid's name column and body. */
export function CalendarSkeleton({ rows = 12 }: { rows?: number }) {
  return (
    <div className="space-y-3" aria-hidden="true">
      <div className="flex items-center justify-between gap-3">
        <Skeleton className="h-4 w-80" />
        <Skeleton className="h-8 w-64" />
      </div>
      <Skeleton className="h-4 w-[28rem]" />
      <div className="flex gap-1 overflow-hidden rounded-md border border-slate-200 bg-white p-1">
        <div className="space-y-1" style={{ width: NAME_WIDTH_DEFAULT - 8, paddingTop: HEADER_HEIGHT }}>
          {Array.from({ length: rows }, (_, i) => (
            <Skeleton key={i} className="w-full" style={{ height: ROW_HEIGHT - 4 }} />
          ))}
        </div>
        <Skeleton className="flex-1" style={{ height: HEADER_HEIGHT + rows * ROW_HEIGHT }} />
      </div>
    </div>
  );
}
