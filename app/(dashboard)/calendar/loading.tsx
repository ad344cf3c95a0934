import { PortfolioCalendarSkeleton } from "@/components/calendar/portfolio-calendar-skeleton";

export default function Loading() {
  return (
    <div className="space-y-4">
      <div className="h-8 w-56 animate-pulse rounded bg-slate-200" />
      <PortfolioCalendarSkeleton />
    </div>
  );
}
