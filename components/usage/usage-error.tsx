"use client";

import type { UsageQuery } from "@/lib/svc/schemas/usage";
import { USAGE_MAX_DAYS } from "@/lib/svc/schemas/usage";
import { isUnknownKeyError, windowErrorMessage } from "@/lib/usage/window";
import { Button } from "@/components/ui/button";
import { describeError } from "@/components/ui/error-panel";

/**
 * The report did not load: a window the service refuses is explained with a way back to the
 * default window; a key that is not on the account says so; anything else offers a retry.
 */
export function UsageErrorPanel({
  error,
  query,
  onRetry,
  onReset,
}: {
  error: unknown;
  query: UsageQuery;
  onRetry: () => void;
  onReset: () => void;
}) {
  const aboutWindow = windowErrorMessage(error, query);
  const unknownKey = isUnknownKeyError(error, query);
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <p className="font-medium">
        {aboutWindow ? "This window can't be reported." : "We couldn't load the usage report."}
      </p>
      <p className="mt-1">
        {aboutWindow ??
          (unknownKey
            ? "That API key is not on this account. Pick another key, or all keys."
            : describeError(error))}
      </p>
      {aboutWindow || unknownKey ? (
        <Button variant="secondary" className="mt-3" onClick={onReset}>
          Show the last {USAGE_MAX_DAYS} days, all keys
        </Button>
      ) : (
        <Button variant="secondary" className="mt-3" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
