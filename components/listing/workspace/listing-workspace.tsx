"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useQueryState, useQueryStates } from "nuqs";
import { useEffect } from "react";
import { ErrorPanel } from "@/components/ui/error-panel";
import { listingFromPortfolio, listingQuery } from "@/lib/listing/queries";
import { periodKpisQuery, rollingKpisQuery } from "@/lib/listing/kpis/queries";
import { pricingTierQuery } from "@/lib/listing/records/queries";
import { isSvcError } from "@/lib/svc/errors";
import { kpiUrlState } from "@/components/listing/kpis/kpi-url-state";
import { ListingNotFound } from "@/components/listing/workspace/listing-not-found";
import { WorkspaceHeader } from "@/components/listing/workspace/workspace-header";
import { WorkspaceSkeleton } from "@/components/listing/workspace/workspace-skeleton";
import { tabState } from "@/components/listing/workspace/workspace-tab-parser";
import { WorkspaceTabs } from "@/components/listing/workspace/workspace-tabs";

/**
 * One listing's workspace. The listing comes from the portfolio's cache when the user came
 * from the table (no request while it is fresh); on a direct visit the header's plan and the
 * KPIs tab's two reads start alongside the listing's instead of after it.
 */
export function ListingWorkspace({ svcId, readOnly }: { svcId: string; readOnly: boolean }) {
  const queryClient = useQueryClient();
  const [tab] = useQueryState("tab", tabState);
  const [{ kpiPeriod }] = useQueryStates(kpiUrlState);
  const listing = useQuery({
    ...listingQuery(svcId),
    initialData: () => listingFromPortfolio(queryClient, svcId)?.listing,
    initialDataUpdatedAt: () => listingFromPortfolio(queryClient, svcId)?.updatedAt,
  });

  // The header's plan is read on every tab; it needs only the id, not the listing.
  useEffect(() => {
    void queryClient.prefetchQuery(pricingTierQuery(svcId));
  }, [queryClient, svcId]);

  useEffect(() => {
    if (tab !== "kpis") return;
    // prefetchQuery skips fresh data and shares an in-flight request with the tab's useQuery.
    void queryClient.prefetchQuery(rollingKpisQuery(svcId));
    void queryClient.prefetchQuery(periodKpisQuery(svcId, kpiPeriod));
  }, [queryClient, svcId, tab, kpiPeriod]);

  if (listing.isPending) return <WorkspaceSkeleton />;
  if (listing.isError) {
    if (isSvcError(listing.error) && listing.error.status === 404) return <ListingNotFound svcId={svcId} />;
    return <ErrorPanel error={listing.error} onRetry={() => listing.refetch()} what="this listing" />;
  }
  return (
    <div className="space-y-6" data-testid="listing-workspace">
      <WorkspaceHeader listing={listing.data} readOnly={readOnly} />
      <WorkspaceTabs listing={listing.data} readOnly={readOnly} />
    </div>
  );
}
