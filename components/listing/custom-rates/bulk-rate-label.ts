import { formatCount } from "@/lib/format/numbers";

/** The selection's custom rate button, before the dialog's code has arrived and as its trigger. */
export const bulkRateLabel = (count: number) =>
  `Custom rate for ${formatCount(count)} ${count === 1 ? "listing" : "listings"}…`;
