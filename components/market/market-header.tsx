import { Link } from "@/components/ui/link";
import { countryName, listingCount } from "@/lib/market/markets";
import type { Market } from "@/lib/svc/schemas/market-report";
import { MarketHeaderSkeleton } from "@/components/market/market-page-skeleton";

/** The market's name and what it holds: its country, currency, listings and mine among them. */
export function MarketHeader({ market, mine }: { market: Market | undefined; mine: number | null }) {
  if (!market) return <MarketHeaderSkeleton />;
  return (
    <header className="space-y-1">
      <Link href="/market" className="text-sm font-medium text-brand-700 hover:underline">
        ← All markets
      </Link>
      <h1 className="text-2xl font-semibold">{market.name}</h1>
      <p className="text-sm text-slate-600" data-testid="market-summary">
        {countryName(market.country)} · figures in {market.currency} unless you convert them ·{" "}
        {listingCount(market.listing_count)} in {market.postal_codes.length} postal codes ·{" "}
        {mine === null
          ? "counting your listings…"
          : mine === 0
            ? "none of your listings is here"
            : `${mine} of your listings ${mine === 1 ? "is" : "are"} here`}
      </p>
    </header>
  );
}
