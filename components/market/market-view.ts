import type { BedroomChoice } from "@/lib/market/bedrooms";
import type { SeriesParams } from "@/lib/market/queries";
import type { MarketRange } from "@/lib/market/range";
import type { Listing } from "@/lib/svc/schemas/listings";
import type { Market } from "@/lib/svc/schemas/market-report";
import type { LexiconMetric } from "@/lib/svc/schemas/set-analytics";
import type { MetricWindow } from "@/lib/svc/schemas/kpi-lexicon";

/**
 * What the market page's tabs are given: the URL's choices already checked against the
 * market (bedroom groups it has, a range that can be asked for), and what has loaded so far.
 * The tabs start their own reads at once; the market's record is not needed to ask.
 */
export interface MarketView {
  marketId: string;
  /** Undefined while the markets load. */
  market: Market | undefined;
  markets: Market[] | undefined;
  metric: LexiconMetric;
  range: MarketRange;
  /** Bedroom groups to chart, checked against the market's groups. */
  choices: BedroomChoice[];
  /** Groups from the URL wait for the market's groups before they are asked for. */
  choicesPending: boolean;
  /** The time-series query without `bedrooms`; null when the custom range cannot be asked for. */
  series: Omit<SeriesParams, "bedrooms"> | null;
  /** The currency chosen in the URL for a money metric; null for the market's own (and for other metrics). */
  currency: string | null;
  window: MetricWindow;
  /** The distribution's group, from the URL. */
  group: string | null;
  /** The market compared with, from the URL. */
  compareWith: string | null;
  /** My listings in this market; null while they load. */
  inMarket: Listing[] | null;
  /** Writes one or more URL values. */
  setUrl: (next: { window?: MetricWindow; group?: string | null; with?: string | null }) => void;
}
