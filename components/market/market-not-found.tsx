import { Link } from "@/components/ui/link";

/**
 * A market id that is not among the caller's markets: the service answers an unknown market
 * and another account's market alike, and so does this page.
 */
export function MarketNotFound({ marketId }: { marketId: string }) {
  return (
    <section
      aria-labelledby="market-missing"
      data-testid="market-not-found"
      className="max-w-xl rounded-lg border border-slate-200 bg-white p-6"
    >
      <h1 id="market-missing" className="text-lg font-semibold">
        Market not found
      </h1>
      <p className="mt-2 text-sm text-slate-700">
        There is no market “{marketId}” among your listings’ markets: it does not exist, or none of the
        listings you can see sits in it.
      </p>
      <Link href="/market" className="mt-4 inline-block text-sm font-medium text-brand-700 underline">
        Back to the markets
      </Link>
    </section>
  );
}
