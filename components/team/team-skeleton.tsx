import { Skeleton } from "@/components/ui/skeleton";

/** A team table's shape while it loads, so nothing jumps when the rows arrive. */
export function TeamTableSkeleton({
  label,
  columns,
  rows = 4,
}: {
  label: string;
  columns: number;
  rows?: number;
}) {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={label}
      className="rounded-lg border border-slate-200 bg-white"
    >
      <div className="h-9 border-b border-slate-200 bg-slate-50" />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-start gap-6 border-b border-slate-100 px-3 py-3 last:border-0">
          <div className="w-44 space-y-1.5">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3 w-40" />
          </div>
          {Array.from({ length: columns - 2 }, (_, c) => (
            <div key={c} className="w-44 space-y-1.5">
              <Skeleton className="h-4 w-20" />
              <Skeleton className="h-3 w-36" />
            </div>
          ))}
          <Skeleton className="ml-auto h-6 w-16" />
        </div>
      ))}
    </div>
  );
}

/** The whole Team page while it loads: both sections with their headings' room. */
export function TeamPageSkeleton() {
  return (
    <div className="space-y-8">
      <div className="space-y-3">
        <div className="flex items-end justify-between gap-3">
          <div className="space-y-2">
            <Skeleton className="h-5 w-24" />
            <Skeleton className="h-4 w-96 max-w-full" />
          </div>
          <Skeleton className="h-8 w-32" />
        </div>
        <TeamTableSkeleton label="Loading your team" columns={6} />
      </div>
      <div className="space-y-3">
        <div className="space-y-2">
          <Skeleton className="h-5 w-36" />
          <Skeleton className="h-4 w-96 max-w-full" />
        </div>
        <TeamTableSkeleton label="Loading the teams you belong to" columns={4} rows={1} />
      </div>
    </div>
  );
}
