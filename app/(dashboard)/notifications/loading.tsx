import { NotificationsSkeleton } from "@/components/notifications/notifications-skeleton";
import { Skeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return (
    <div className="max-w-5xl space-y-6">
      <div className="space-y-2">
        <Skeleton className="h-8 w-44" />
        <Skeleton className="h-4 w-[36rem] max-w-full" />
      </div>
      <div className="flex gap-1 border-b border-slate-200 pb-2">
        <Skeleton className="h-6 w-28" />
        <Skeleton className="h-6 w-20" />
      </div>
      <NotificationsSkeleton />
    </div>
  );
}
