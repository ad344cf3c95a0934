import type { MarketOccupancy } from "@/lib/listings/against-market";
import { formatUtc } from "@/lib/format/times";

/**
 * Whether the table compares occupancy with the market, and why not when it does not. The
 * interface gives no market figure per listing: it comes from the market report the portfolio
 * mirror holds, night by night, averaged over the KPI window's nights.
 */
export function AgainstMarketNote({
  withOccupancy,
  marketOccupancy,
}: {
  withOccupancy: boolean;
  marketOccupancy: MarketOccupancy[] | null;
}) {
  let text: string;
  if (!withOccupancy)
    text = "Pick Occupancy as a column to see each listing's occupancy against its market's.";
  else if (marketOccupancy === null || marketOccupancy.length === 0)
    text =
      "No comparison with the market: the service gives no market figure per listing, only its market report, and the portfolio mirror holds no market report for these listings yet.";
  else {
    const oldest = marketOccupancy.map((m) => m.read_at).sort()[0]!;
    text = `Against the market: each listing's occupancy less its market's over the same nights (its bedroom group where the mirror holds it), from the market report the portfolio mirror read ${formatUtc(oldest)}.`;
  }
  return (
    <p className="text-xs text-slate-600" data-testid="against-market-note">
      {text}
    </p>
  );
}
