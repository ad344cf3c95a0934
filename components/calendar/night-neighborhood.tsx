"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { neighborhoodPricingQuery } from "@/lib/listing/calendar/queries";
import type { DateRange } from "@/components/calendar/use-row-loading";
import { neighborhoodWords } from "@/lib/calendar/neighborhood-words";

/**
 * How long the details rest on one listing before its neighborhood is read: a pointer sweeping
 * down the grid passes many rows, and each read is a request.
 */
const DWELL_MS = 400;

/**
 * The neighborhood's median and middle half (p25 to p75) for the night in the details, from
 * the service's neighborhood pricing for the listing: one request for every night in view,
 * made once the details have rested on the listing.
 */
export function NightNeighborhood({ svcId, date, range }: { svcId: string; date: string; range: DateRange }) {
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(svcId), DWELL_MS);
    return () => clearTimeout(timer);
  }, [svcId]);
  const query = useQuery({ ...neighborhoodPricingQuery(svcId, range), enabled: settled === svcId });
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
