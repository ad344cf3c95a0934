import { SegmentsTableSkeleton } from "@/components/segments/list/segments-skeleton";
import { Skeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return (
    <div className="space-y-4">
      <div className="flex items-start justify-between gap-4">
        <div className="space-y-2">
          <Skeleton className="h-8 w-40" />
          <Skeleton className="h-4 w-[32rem] max-w-full" />
        </div>
        <Skeleton className="h-8 w-32" />
      </div>
      <SegmentsTableSkeleton />
    </div>
  );
}
