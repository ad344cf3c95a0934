import { Skeleton } from "@/components/ui/skeleton";

/** The form's two columns while the segment or the portfolio loads. */
export function SegmentFormSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading the segment"
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]"
    >
      <div className="space-y-6">
        <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
          <Skeleton className="h-5 w-20" />
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-8 w-48" />
        </div>
        <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
          <Skeleton className="h-5 w-16" />
          <Skeleton className="h-8 w-56" />
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      </div>
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
