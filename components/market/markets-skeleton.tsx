import { Skeleton } from "@/components/ui/skeleton";

/** The markets table's shape while it loads, so nothing jumps when it arrives. */
export function MarketsTableSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading markets"
      className="rounded-lg border border-slate-200 bg-white"
    >
      <div className="h-9 border-b border-slate-200 bg-slate-50" />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-8 border-b border-slate-100 px-3 py-3 last:border-0">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-4 w-10" />
          <Skeleton className="h-4 w-12" />
          <Skeleton className="h-4 w-12" />
          <Skeleton className="h-4 w-10" />
        </div>
      ))}
    </div>
  );
}
