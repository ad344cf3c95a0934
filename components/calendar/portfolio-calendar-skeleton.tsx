import { GRID_HEIGHT } from "@/components/calendar/portfolio-layout";

/** The calendar's shape while the first listings load, so nothing jumps when they arrive. */
export function PortfolioCalendarSkeleton() {
  return (
    <div role="status" className="space-y-3" aria-busy="true" aria-label="Loading the portfolio calendar">
      <div className="h-16 animate-pulse rounded-lg bg-slate-100" />
      <div className="h-10 animate-pulse rounded bg-slate-100" />
      <div
        className="animate-pulse rounded-md border border-slate-200 bg-slate-50"
        style={{ height: GRID_HEIGHT }}
      />
    </div>
  );
}
