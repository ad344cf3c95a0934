import { parseAsArrayOf, parseAsString, parseAsStringLiteral } from "nuqs";
import { RANGES } from "@/lib/market/range";
import { MEMBER_METRIC_WINDOWS, METRIC_LEXICON } from "@/lib/svc/schemas/kpi-lexicon";

export const MARKET_TABS = ["trend", "distribution", "compare"] as const;
export type MarketTab = (typeof MARKET_TABS)[number];

/**
 * What a market page shows lives in the URL, so a view can be linked: the tab, metric,
 * bedroom groups, date range and granularity, currency, the distribution's window and group,
 * and the market compared with. Absent values are the defaults.
 */
export const marketUrlState = {
  tab: parseAsStringLiteral(MARKET_TABS).withDefault("trend"),
  metric: parseAsStringLiteral(METRIC_LEXICON).withDefault("adr"),
  /** Bedroom groups overlaid; absent: the whole market. Checked against the market's groups. */
  bedrooms: parseAsArrayOf(parseAsString).withDefault([]),
  range: parseAsStringLiteral(RANGES).withDefault("27-months"),
  from: parseAsString,
  to: parseAsString,
  /** Absent: the range's own granularity. */
  grain: parseAsStringLiteral(["day", "week", "month"] as const),
  /** Absent: the market's own currency. */
  currency: parseAsString,
  window: parseAsStringLiteral(MEMBER_METRIC_WINDOWS).withDefault("30_0"),
  /** The bedroom group the distribution shows, among those chosen; absent: the first. */
  group: parseAsString,
  /** The market compared with; absent: the first other market. */
  with: parseAsString,
};
