import { Skeleton } from "@/components/ui/skeleton";

/** The segments table's shape while the list loads, so nothing jumps when it arrives. */
export function SegmentsTableSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading segments"
      className="rounded-lg border border-slate-200 bg-white"
    >
      <div className="h-9 border-b border-slate-200 bg-slate-50" />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-6 border-b border-slate-100 px-3 py-3 last:border-0">
          <div className="w-56 space-y-1.5">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-52" />
          </div>
          <Skeleton className="h-4 w-72" />
          <Skeleton className="h-5 w-14 rounded-full" />
          <Skeleton className="h-4 w-8" />
        </div>
      ))}
    </div>
  );
}
