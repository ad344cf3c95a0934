"use client";

import { useQuery } from "@tanstack/react-query";
import { neighborhoodPricingQuery } from "@/lib/listing/calendar/queries";
import type { DateRange } from "@/components/calendar/use-row-loading";
import { neighborhoodWords } from "@/lib/calendar/neighborhood-words";
import { useRestingOn } from "@/components/calendar/use-resting-on";

/**
 * The neighborhood's median and middle half (p25 to p75) for the night in the details, from
 * the service's neighborhood pricing for the listing: one request for every night in view,
 * made once the details have rested on the listing.
 */
export function NightNeighborhood({ svcId, date, range }: { svcId: string; date: string; range: DateRange }) {
  const query = useQuery({ ...neighborhoodPricingQuery(svcId, range), enabled: useRestingOn(svcId) });
  const words =
    query.data !== undefined
      ? neighborhoodWords(query.data, date)
      : query.isError
        ? "The neighborhood's prices did not load."
        : "Reading the neighborhood's prices\u2026";
  return (
    <p className="mt-0.5 text-slate-700" data-testid="night-neighborhood">
      <span className="text-slate-600">Neighborhood: </span>
      <span className="font-medium text-slate-900">{words}</span>
    </p>
  );
}
