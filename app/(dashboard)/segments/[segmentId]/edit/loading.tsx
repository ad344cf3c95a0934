import { SegmentFormSkeleton } from "@/components/segments/form/segment-form-skeleton";
import { Skeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-8 w-48" />
      </div>
      <SegmentFormSkeleton />
    </div>
  );
}
