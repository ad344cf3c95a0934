import { SetsViewSkeleton } from "@/components/sets/list/sets-skeleton";
import { Skeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <Skeleton className="h-8 w-24" />
        <Skeleton className="h-4 w-96 max-w-full" />
      </div>
      <SetsViewSkeleton />
    </div>
  );
}
