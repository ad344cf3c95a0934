import { Skeleton } from "@/components/ui/skeleton";

/** The candidates' results while they load, and while the results table's code arrives. */
export function ResultsSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading candidates"
      className="rounded-lg border border-slate-200 bg-white"
    >
      <div className="h-9 border-b border-slate-200 bg-slate-50" />
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="flex items-center gap-6 border-b border-slate-100 px-3 py-3 last:border-0">
          <Skeleton className="h-4 w-4" />
          <Skeleton className="h-4 w-52" />
          <Skeleton className="h-4 w-14" />
          <Skeleton className="h-4 w-10" />
          <Skeleton className="h-4 w-16" />
          <Skeleton className="h-4 w-16" />
          <Skeleton className="h-4 w-16" />
        </div>
      ))}
    </div>
  );
}
