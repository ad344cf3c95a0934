import { InboxSkeleton } from "@/components/webhooks/inbox-skeleton";

export default function Loading() {
  return (
    <div className="max-w-6xl space-y-6">
      <div className="space-y-2">
        <div className="h-8 w-40 animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-[32rem] max-w-full animate-pulse rounded bg-slate-200" />
      </div>
      <InboxSkeleton />
    </div>
  );
}
