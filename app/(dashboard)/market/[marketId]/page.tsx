import type { Metadata } from "next";
import { Suspense } from "react";
import { MarketPage } from "@/components/market/market-page";
import { MarketPageSkeleton } from "@/components/market/market-page-skeleton";

export const metadata: Metadata = { title: "Market" };

export default async function MarketRoute({ params }: { params: Promise<{ marketId: string }> }) {
  const { marketId } = await params;
  return (
    <Suspense fallback={<MarketPageSkeleton />}>
      <MarketPage marketId={marketId} />
    </Suspense>
  );
}
