import { AGAINST_MARKET_MISSING, WHOLE_MARKET } from "@/lib/listings/against-market";
import { bedroomsLabel } from "@/lib/listings/search";
import { formatDecimal, formatPercent } from "@/lib/format/numbers";
import type { PortfolioRow } from "@/components/listings/portfolio-cells";

const ONE_DECIMAL = { minDigits: 1, maxDigits: 1 };

export function AgainstMarketHeader() {
  return (
    <span title="The listing's occupancy less its market's, over the same nights, from the market report the portfolio mirror holds.">
      Against the market
      <span className="block text-[11px] font-normal normal-case tracking-normal">occupancy, points</span>
    </span>
  );
}

/** Points above or below the market, and the market's own figure; the reason in words when there is none. */
export function AgainstMarketCell({ row }: { row: PortfolioRow }) {
  const compared = row.market;
  if (!compared) return <span className="text-slate-500">{"\u2014"}</span>;
  if (compared.state !== "shown")
    return (
      <span className="block max-w-48 text-xs text-slate-600">{AGAINST_MARKET_MISSING[compared.state]}</span>
    );
  const sign = compared.difference > 0 ? "+" : compared.difference < 0 ? "\u2212" : "";
  const of = compared.group === WHOLE_MARKET ? "whole market" : bedroomsLabel(compared.group);
  return (
    <span className="tabular-nums">
      <span className={compared.difference < 0 ? "text-red-700" : "text-green-700"}>
        {sign}
        {formatDecimal(Math.abs(compared.difference), ONE_DECIMAL)} pts
      </span>
      <span className="block text-xs text-slate-600">
        market {formatPercent(compared.market, ONE_DECIMAL)} ({of})
      </span>
    </span>
  );
}
