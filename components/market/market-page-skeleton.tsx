import { Skeleton } from "@/components/ui/skeleton";

/** The market page's shape (header, map beside the bedroom groups, options, chart) while it loads. */
export function MarketPageSkeleton() {
  return (
    <div className="space-y-6" role="status" aria-busy="true" aria-label="Loading the market">
      <MarketHeaderSkeleton />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Skeleton className="h-[420px] w-full rounded-lg" />
        <Skeleton className="h-[420px] w-full rounded-lg" />
      </div>
      <Skeleton className="h-12 w-full rounded-lg" />
      <Skeleton className="h-9 w-80" />
      <Skeleton className="h-[340px] w-full rounded-lg" />
    </div>
  );
}

export function MarketHeaderSkeleton() {
  return (
    <div className="space-y-2">
      <Skeleton className="h-4 w-28" />
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-4 w-96 max-w-full" />
    </div>
  );
}
