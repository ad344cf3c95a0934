import type { Metadata } from "next";
import { Suspense } from "react";
import { SegmentPage } from "@/components/segments/page/segment-page";
import { SegmentPageSkeleton } from "@/components/segments/page/segment-page-skeleton";
import { requireSession } from "@/lib/server/current-session";

export const metadata: Metadata = { title: "Segment" };

export default async function SegmentRoute({ params }: { params: Promise<{ segmentId: string }> }) {
  const [{ segmentId }, session] = await Promise.all([params, requireSession()]);
  return (
    <Suspense fallback={<SegmentPageSkeleton />}>
      <SegmentPage segmentId={segmentId} keyKind={session.keyKind} />
    </Suspense>
  );
}
