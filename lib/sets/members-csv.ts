import { labelOf } from "@/lib/display/open-values";
import { toCsv } from "@/lib/format/csv";
import { channelLabels } from "@/lib/display/channels";
import type { MetricWindow } from "@/lib/svc/schemas/kpi-lexicon";
import type { MembersByStatus } from "@/lib/svc/schemas/sets";
import { memberGroups } from "@/lib/sets/page";

/** The key metrics a member is compared on in the members tab, for one period. */
export const MEMBER_TABLE_METRICS = [
  { metric: "adr", header: "ADR", kind: "money" },
  { metric: "occupancy_adjusted", header: "Occupancy", kind: "percent" },
  { metric: "revpar", header: "RevPAR", kind: "money" },
  { metric: "revenue", header: "Revenue", kind: "money" },
  { metric: "nights_booked", header: "Nights booked", kind: "count" },
] as const;

/**
 * A set's members as the members tab shows them: every group in the tab's order (active,
 * suggested, inactive, then any the service sends that we do not know, under its raw name),
 * the metrics of the period picked. Money is in each member's currency;
 * a metric not generated yet is an empty cell, never 0.
 */
export function membersCsv(groups: MembersByStatus, period: MetricWindow): string {
  const header = [
    "status",
    "listing_id",
    "channel",
    "name",
    "bedrooms",
    "bathrooms",
    "guests_included",
    "currency",
    ...MEMBER_TABLE_METRICS.map(({ metric }) => `${metric}_${period}`),
  ];
  const rows = memberGroups(groups).flatMap(({ status, members }) =>
    members.map((m) => [
      status,
      m.listing_id,
      labelOf(channelLabels, m.channel),
      m.name,
      m.bedrooms,
      m.bathrooms,
      m.guests_included,
      m.currency,
      ...MEMBER_TABLE_METRICS.map(({ metric }) => m[`${metric}_${period}`]),
    ]),
  );
  return toCsv(header, rows);
}
