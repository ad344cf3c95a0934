import type { ListingFlag } from "@/lib/svc/schemas/listing-extras";
import { humanize } from "@/lib/listing/records/changelog-values";

/** The flags tab's order and words. Pure and unit-tested. */

const SEVERITY_RANK: Record<ListingFlag["severity"], number> = { critical: 0, warning: 1, info: 2 };

export const severityLabels: Record<ListingFlag["severity"], string> = {
  critical: "Critical",
  warning: "Warning",
  info: "Info",
};

const FLAG_TITLES: Record<string, string> = {
  base_price_below_min_price: "Base price below the minimum price",
  no_availability_next_30_days: "No open nights in the next 30 days",
  occupancy_below_market: "Occupancy below the market",
  pricing_disabled: "Automatic posting is off",
  custom_rate_expiring_soon: "A custom rate expires soon",
};

/** A flag's code in words; a code the dashboard does not know yet reads as its words. */
export function flagTitle(code: string): string {
  return FLAG_TITLES[code] ?? humanize(code);
}

/** Most severe first; within a severity, the newest first. */
export function sortFlags(flags: ListingFlag[]): ListingFlag[] {
  return [...flags].sort(
    (a, b) =>
      SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || b.detected_at.localeCompare(a.detected_at),
  );
}

/** `1 critical, 2 warnings` — the tab's one-line summary. */
export function flagSummary(flags: ListingFlag[]): string {
  if (flags.length === 0) return "No flags";
  const counts = (["critical", "warning", "info"] as const)
    .map((s) => [s, flags.filter((f) => f.severity === s).length] as const)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => (s === "critical" ? `${n} critical` : `${n} ${s}${n === 1 ? "" : "s"}`));
  return counts.join(", ");
}
