import { SegmentPageSkeleton } from "@/components/segments/page/segment-page-skeleton";

export default function Loading() {
  return <SegmentPageSkeleton />;
}
