import { toCsv } from "@/lib/format/csv";
import { FACTOR_KEYS } from "@/lib/triage/factors";
import type { TriageListing } from "@/lib/triage/queue";

/**
 * The triage queue as CSV: `listing_id`, `name`, `score`, then one column per factor (its
 * sub-score, 0 to 100, empty where not measured), then the band and the "why". Written by
 * lib/format/csv.ts (quoting, formula guard).
 */
export const TRIAGE_CSV_HEADER = ["listing_id", "name", "score", ...FACTOR_KEYS, "band", "why"] as const;

export function triageCsv(listings: readonly TriageListing[]): string {
  return toCsv(
    TRIAGE_CSV_HEADER,
    listings.map((l) => {
      const byKey = new Map(l.factors.map((f) => [f.key, f.sub_score]));
      return [
        l.listing_id,
        l.name,
        l.score,
        ...FACTOR_KEYS.map((key) => byKey.get(key) ?? null),
        l.band_label ?? l.band,
        l.why,
      ];
    }),
  );
}
