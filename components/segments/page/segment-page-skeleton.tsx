import { ListingsTableSkeleton } from "@/components/ui/listings-table-skeleton";
import { Skeleton } from "@/components/ui/skeleton";

/** The header, the assignment card and the listings table, shaped like the segment page. */
export function SegmentPageSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading the segment" className="space-y-6">
      <div className="space-y-3">
        <Skeleton className="h-4 w-28" />
        <div className="flex items-center justify-between gap-2">
          <Skeleton className="h-8 w-72" />
          <Skeleton className="h-8 w-28" />
        </div>
        <div className="grid grid-cols-2 gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3 lg:grid-cols-6">
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} className={i === 0 ? "col-span-2 space-y-1.5" : "space-y-1.5"}>
              <Skeleton className="h-3 w-16" />
              <Skeleton className="h-4 w-full max-w-40" />
            </div>
          ))}
        </div>
      </div>
      <Skeleton className="h-20 w-full rounded-lg" />
      <div className="space-y-3">
        <Skeleton className="h-6 w-24" />
        <ListingsTableSkeleton rows={6} />
      </div>
    </div>
  );
}
