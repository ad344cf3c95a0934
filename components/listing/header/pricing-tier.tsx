"use client";

import { useQuery } from "@tanstack/react-query";
import { pricingTierQuery } from "@/lib/listing/records/queries";
import { describeError } from "@/components/ui/error-panel";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { Tooltip } from "@/components/ui/tooltip";
import type { ListingTabProps } from "@/components/listing/tab-props";

/**
 * The listing's pricing tier as one compact line: the header's single request for the plan
 * (the Sync button reads the same cached answer). The answer names the tier; whether it is
 * a paid plan follows from the name (only Free is not).
 */
export function PricingTier({ listing }: ListingTabProps) {
  const tier = useQuery(pricingTierQuery(listing.svc_id));
  const state = tier.isPending ? "loading" : tier.isError ? "error" : "ready";

  return (
    <div
      data-testid="pricing-tier"
      data-state={state}
      className="flex items-center gap-2 text-sm text-slate-600"
    >
      <span>Pricing tier</span>
      {tier.isPending ? (
        <Skeleton className="h-5 w-20 rounded-full" />
      ) : tier.isError ? (
        <Tooltip content={describeError(tier.error)}>
          <span tabIndex={0} className="rounded text-slate-500 underline decoration-dotted">
            unknown
          </span>
        </Tooltip>
      ) : tier.data.name === "Free" ? (
        <>
          <Badge tone="neutral">Free</Badge>
          <span className="text-xs text-slate-500">free plan: sync needs a paid plan</span>
        </>
      ) : (
        <>
          <Badge tone="brand">{tier.data.name}</Badge>
          <span className="text-xs text-slate-500">paid plan</span>
        </>
      )}
    </div>
  );
}
