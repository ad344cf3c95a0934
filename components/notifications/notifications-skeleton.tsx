import { Skeleton } from "@/components/ui/skeleton";

/** The list's shape while it loads: the controls, the selection bar and a few notifications. */
export function NotificationsSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div role="status" aria-busy="true" aria-label="Loading notifications" className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-5 w-32" />
      </div>
      <Skeleton className="h-11 w-full rounded-lg" />
      <div className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="flex items-start gap-3 px-4 py-3.5">
            <Skeleton className="mt-0.5 h-4 w-4" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-48" />
              <Skeleton className="h-4 w-4/5" />
              <Skeleton className="h-3 w-36" />
            </div>
            <Skeleton className="h-7 w-16 rounded-md" />
          </div>
        ))}
      </div>
    </div>
  );
}
