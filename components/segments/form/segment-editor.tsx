"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { portfolioQuery } from "@/lib/listings/queries";
import { includeManagedDefault } from "@/lib/segments/display";
import { emptyForm, formOf } from "@/lib/segments/form";
import { createSegment, segmentQuery, updateSegment } from "@/lib/segments/queries";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import type { Segment } from "@/lib/svc/schemas/segments";
import { ErrorPanel } from "@/components/ui/error-panel";
import { NoSuchSegment } from "@/components/segments/page/no-such-segment";
import { SegmentFormSkeleton } from "@/components/segments/form/segment-form-skeleton";
import { SegmentForm, type PortfolioState } from "@/components/segments/form/segment-form";

/**
 * The portfolio the preview runs on: the listings a segment would see by default (managed
 * ones included for API keys), the same read the Listings page makes.
 */
function usePreviewPortfolio(keyKind: ApiKeyKind | null): PortfolioState {
  const portfolio = useQuery(portfolioQuery({ include_managed_listings: includeManagedDefault(keyKind) }));
  return {
    state: portfolio.isPending ? "loading" : portfolio.isError ? "error" : "ready",
    listings: portfolio.data ?? [],
    error: portfolio.error,
    retry: () => void portfolio.refetch(),
  };
}

export function NewSegment({ keyKind }: { keyKind: ApiKeyKind | null }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const portfolio = usePreviewPortfolio(keyKind);
  const initial = useMemo(() => ({ values: emptyForm(), kept: {} }), []);
  return (
    <SegmentForm
      initial={initial}
      portfolio={portfolio}
      cancelHref="/segments"
      submitLabel="Create segment"
      pendingLabel="Creating…"
      onSave={async (body) => {
        const created = await createSegment(queryClient, body);
        toast.success(`Segment “${created.name}” created: it matches ${created.listing_count} listings.`);
        router.push(`/segments/${encodeURIComponent(created.id)}`);
      }}
    />
  );
}

export function EditSegment({ segmentId, keyKind }: { segmentId: string; keyKind: ApiKeyKind | null }) {
  const segment = useQuery(segmentQuery(segmentId));
  const portfolio = usePreviewPortfolio(keyKind);
  if (segment.isPending) return <SegmentFormSkeleton />;
  if (segment.isError)
    return <ErrorPanel error={segment.error} onRetry={() => segment.refetch()} what="this segment" />;
  if (!segment.data) return <NoSuchSegment />;
  return <EditSegmentForm key={segment.data.id} segment={segment.data} portfolio={portfolio} />;
}

function EditSegmentForm({ segment, portfolio }: { segment: Segment; portfolio: PortfolioState }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  // Read once: a background refresh of the list must not reset what is being typed.
  const [initial] = useState(() => formOf(segment));
  const href = `/segments/${encodeURIComponent(segment.id)}`;
  return (
    <SegmentForm
      initial={initial}
      portfolio={portfolio}
      cancelHref={href}
      submitLabel="Save changes"
      pendingLabel="Saving…"
      onSave={async (body) => {
        const updated = await updateSegment(queryClient, segment.id, body);
        toast.success(`Segment “${updated.name}” saved: it matches ${updated.listing_count} listings.`);
        router.push(href);
      }}
    />
  );
}
