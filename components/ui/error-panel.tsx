"use client";

import { formatDuration } from "@/lib/format/durations";
import { isSvcError } from "@/lib/svc/errors";
import { Button } from "@/components/ui/button";

/** A failed load in words, with a retry. The service's own message is shown; never a stack. */
export function describeError(error: unknown): string {
  if (isSvcError(error)) {
    if (error.status === 429) {
      return `The pricing service's request budget is used up for this minute. Try again in ${formatDuration(error.rateLimit.retryAfter ?? 60)}.`;
    }
    if (error.status === 403) return `You don't have access to this. ${error.message}`;
    return error.message;
  }
  return "Something went wrong while loading. Check your connection and try again.";
}

export function ErrorPanel({ error, onRetry, what }: { error: unknown; onRetry?: () => void; what: string }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <p className="font-medium">We couldn&apos;t load {what}.</p>
      <p className="mt-1">{describeError(error)}</p>
      {onRetry ? (
        <Button variant="secondary" className="mt-3" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
