import { TeamPageSkeleton } from "@/components/team/team-skeleton";

export default function Loading() {
  return (
    <div className="max-w-6xl space-y-6">
      <div className="space-y-2">
        <div className="h-8 w-24 animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-96 max-w-full animate-pulse rounded bg-slate-200" />
      </div>
      <TeamPageSkeleton />
    </div>
  );
}
