"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";

/**
 * What a Pace dialog shows while its read of the mirror is under way, when it failed (with
 * Try again), and once it is in: `what` names the read in both sentences.
 */
export function DialogRead<T>({
  read,
  what,
  children,
}: {
  read: UseQueryResult<T>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (read.isPending)
    return (
      <div role="status" aria-busy="true" aria-label={`Loading ${what}`} className="mt-4 space-y-2">
        <Skeleton className="h-4 w-64" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  if (read.isError) return <ErrorPanel error={read.error} onRetry={() => void read.refetch()} what={what} />;
  return <>{children(read.data)}</>;
}
