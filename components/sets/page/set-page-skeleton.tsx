import { Skeleton } from "@/components/ui/skeleton";

/** The header and a table, shaped like the set page, while the set loads. */
export function SetPageSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading the set" className="space-y-4">
      <Skeleton className="h-4 w-20" />
      <div className="flex items-center gap-2">
        <Skeleton className="h-8 w-72" />
        <Skeleton className="h-5 w-12 rounded-full" />
        <Skeleton className="h-5 w-20 rounded-full" />
      </div>
      <Skeleton className="h-4 w-full max-w-2xl" />
      <div className="grid grid-cols-2 gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3 lg:grid-cols-6">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="space-y-1.5">
            <Skeleton className="h-3 w-16" />
            <Skeleton className="h-4 w-24" />
          </div>
        ))}
      </div>
      <div className="flex gap-3 border-b border-slate-200 pb-2">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-5 w-24" />
        ))}
      </div>
      <MembersSkeleton />
    </div>
  );
}

/** One group's table while the members load. */
export function MembersSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading members"
      className="rounded-lg border border-slate-200 bg-white"
    >
      <div className="h-9 border-b border-slate-200 bg-slate-50" />
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="flex gap-4 border-b border-slate-100 px-3 py-3 last:border-0">
          <Skeleton className="h-4 w-4" />
          <Skeleton className="h-4 w-56" />
          <Skeleton className="h-4 w-16" />
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-4 w-20" />
        </div>
      ))}
    </div>
  );
}
