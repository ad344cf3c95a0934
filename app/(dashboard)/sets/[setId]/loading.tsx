import { SetPageSkeleton } from "@/components/sets/page/set-page-skeleton";

export default function Loading() {
  return <SetPageSkeleton />;
}
