import { MarketPageSkeleton } from "@/components/market/market-page-skeleton";

export default function Loading() {
  return <MarketPageSkeleton />;
}
