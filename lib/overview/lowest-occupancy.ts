import type { PortfolioKpiRow } from "@/lib/svc/schemas/kpis";
import type { Listing } from "@/lib/svc/schemas/listings";
import { LOW_OCCUPANCY_PERCENT } from "@/lib/overview/attention";

/**
 * The attention list's low-occupancy rows come from the service's own ranking, lowest first
 * (GET /listings/kpis, order=asc, first page only). That ranking includes hidden and
 * inactive listings (an inactive listing is booked 0 % and heads it), and it does not say
 * which is which: only the listing record does. So a row is used only while every listing
 * ranked lower is known; past the first unknown one, a lower, active listing might be
 * missing, and the list would name the wrong "lowest".
 */
export interface KnownLowest {
  /** The ranking's rows up to the first listing below the threshold that is not known. */
  rows: PortfolioKpiRow[];
  /** Rows below the threshold from that point on, not usable until every listing is read. */
  unknownBelow: number;
}

export function knownLowest(
  ranking: readonly PortfolioKpiRow[],
  known: (svcId: string) => Listing | undefined,
  threshold = LOW_OCCUPANCY_PERCENT,
): KnownLowest {
  const below = (row: PortfolioKpiRow) => row.value !== null && row.value < threshold;
  const stop = ranking.findIndex((row) => below(row) && known(row.listing_id) === undefined);
  if (stop === -1) return { rows: [...ranking], unknownBelow: 0 };
  return { rows: ranking.slice(0, stop), unknownBelow: ranking.slice(stop).filter(below).length };
}
