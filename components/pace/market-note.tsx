import { formatUtc } from "@/lib/format/times";
import type { PaceReportView } from "@/lib/pace/queries";

const bedroomsWords = (group: string) =>
  group === "0" ? "its studios" : `its listings with ${group} ${group === "1" ? "bedroom" : "bedrooms"}`;

/** Whose market figures sit beside the table, or why none do. */
export function MarketNote({ market, currency }: { market: PaceReportView["market"]; currency: string }) {
  const text =
    market.state === "shown"
      ? `Market columns: ${market.market_name}, ${market.bedrooms === null ? "all its listings" : bedroomsWords(market.bedrooms)}, from the service's market report as read ${formatUtc(market.read_at, { seconds: false })}; never counted in your figures.${market.currency && market.currency !== currency ? ` Its ADR is in ${market.currency}.` : ""}`
      : market.state === "several_markets"
        ? "Pick one market in the filters to see its occupancy and ADR beside yours."
        : market.state === "not_read"
          ? "The market's occupancy and ADR are not in the mirror yet: the sync reads them after the listings."
          : null;
  return text ? (
    <p className="text-xs text-slate-600" data-testid="pace-market-note">
      {text}
    </p>
  ) : null;
}
