"use client";

import { useQuery } from "@tanstack/react-query";
import { liveRecommendations, type ApplyTime, type LiveRecommendations } from "@/lib/listing/apply-time";
import { connectionQuery } from "@/lib/webhooks/dashboard-queries";

/**
 * Whether open pages hear the service's new recommendations (this dashboard's webhook
 * connection). Read only once something was saved: a dashboard route, no service request.
 */
export function useLiveRecommendations(enabled: boolean): LiveRecommendations {
  const status = useQuery({ ...connectionQuery(), enabled });
  return status.isError ? "unknown" : liveRecommendations(status.data);
}

/** "Now: ..." and "Next: ..." under a write's outcome, inside the outcome's own live region. */
export function ApplyTimeLines({ said }: { said: ApplyTime }) {
  return (
    <span data-testid="apply-time" className="mt-1 block space-y-0.5 font-normal">
      {" "}
      <span className="block">
        <span className="font-semibold">Now: </span>
        {said.now}
      </span>{" "}
      <span className="block">
        <span className="font-semibold">Next: </span>
        {said.next}
      </span>
    </span>
  );
}
