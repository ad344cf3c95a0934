"use client";

import { Link } from "@/components/ui/link";
import { recentHref } from "@/lib/shell/recent";
import { useRecentVisits } from "@/components/shell/recent-visits";
import { Skeleton } from "@/components/ui/skeleton";
import { OverviewCard } from "@/components/overview/overview-card";

/** Shortcuts to the sets and segments this browser opened last (kept in the browser). */
export function RecentCard() {
  const recent = useRecentVisits();
  return (
    <OverviewCard
      title="Opened lately"
      description="Sets and segments you opened in this browser."
      state={recent === null ? "loading" : "ready"}
      testId="recent"
    >
      {recent === null ? (
        <Skeleton className="h-6 w-40" />
      ) : recent.length === 0 ? (
        <p className="text-sm text-slate-600">
          Nothing yet. The sets you open appear here;{" "}
          <Link href="/sets" className="text-brand-700 underline underline-offset-2">
            browse your sets
          </Link>
          .
        </p>
      ) : (
        <ul className="space-y-1 text-sm">
          {recent.map((entry) => (
            <li key={`${entry.kind}:${entry.id}`}>
              <span className="mr-2 text-xs uppercase tracking-wide text-slate-500">{entry.kind}</span>
              <Link href={recentHref(entry)} className="text-brand-700 underline-offset-2 hover:underline">
                {entry.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </OverviewCard>
  );
}
