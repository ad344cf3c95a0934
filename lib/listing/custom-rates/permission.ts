import { canWriteListing, unknownAccessReason } from "@/lib/access/listing-access";
import type { Permission } from "@/lib/access/permission";
import type { ListingAccessLevel } from "@/lib/svc/schemas/listings";

/*
 * Who may write custom rates, apart from the form and its schemas: the portfolio's selection and
 * the calendar's say why a write is unavailable with their first load, without the form's code.
 */

export const READ_ONLY_CUSTOM_RATES_REASON =
  "Your session uses a read-only key, which cannot change custom rates. Sign in with a standard key to add or remove them.";
export const VIEWER_CUSTOM_RATES_REASON =
  "You have view-only access to this listing: its custom rates can be read but not changed.";

/**
 * A read-only key changes nothing; viewers, and levels we do not know, only read. Restricted
 * editors may write custom rates: the interface bars them from tags and batch preferences only.
 */
export function customRatePermission(access: ListingAccessLevel, readOnly: boolean): Permission {
  if (readOnly) return { allowed: false, reason: READ_ONLY_CUSTOM_RATES_REASON };
  if (access === "viewer") return { allowed: false, reason: VIEWER_CUSTOM_RATES_REASON };
  if (!canWriteListing(access)) return { allowed: false, reason: unknownAccessReason(access) ?? "" };
  return { allowed: true };
}
