/**
 * What the listing's channel can take (interface 2026-08-11: settings the channel cannot act
 * on are discarded and named in `warnings`). `supported_settings` of the listing decides, so
 * two listings on one channel can answer the same write differently.
 */
import type { PreferenceSettings, PreferenceWarning, Weekday } from "../../../lib/svc/schemas/preferences";
import type { ListingRow } from "../access";
import { supportedSettingsOf } from "./store";

export const ALL_WEEKDAYS: Weekday[] = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
];

/**
 * Channels that restrict arrival days only. `supported_settings.checkin_checkout` is a single
 * boolean, so this is the channel's fact beside it: a checkout restriction sent to such a
 * listing is dropped and the setting is partly applied.
 */
const CHECKIN_DAYS_ONLY: ReadonlySet<ListingRow["channel"]> = new Set(["booking_com"]);

export function takesCheckinDaysOnly(listing: Pick<ListingRow, "channel">): boolean {
  return CHECKIN_DAYS_ONLY.has(listing.channel);
}

function notSupported(setting: PreferenceWarning["setting"], attributes: string[]): PreferenceWarning {
  return {
    setting,
    reason: "not_supported_by_channel",
    attributes,
    message: `The listing's channel cannot take ${setting}; it was not applied.`,
  };
}

/**
 * Splits requested settings into what the listing's channel takes (possibly narrowed) and
 * warnings for what it does not. Writing null to a setting the channel cannot take is
 * accepted silently: such a setting is always null, so nothing is discarded.
 */
export function applyChannelSupport(
  listing: ListingRow,
  requested: PreferenceSettings,
): { accepted: PreferenceSettings; warnings: PreferenceWarning[] } {
  const supported = supportedSettingsOf(listing);
  const accepted: PreferenceSettings = { ...requested };
  const warnings: PreferenceWarning[] = [];

  if (requested.min_stay != null && !supported.min_stay) {
    delete accepted.min_stay;
    warnings.push(notSupported("min_stay", ["min_stay"]));
  }

  const discounts = requested.long_term_discounts;
  if (discounts != null && (!supported.long_term_discounts || supported.long_term_discount_form === "none")) {
    delete accepted.long_term_discounts;
    warnings.push(notSupported("long_term_discounts", ["weekly_percent", "monthly_percent"]));
  }

  const days = requested.checkin_checkout;
  if (days != null) {
    if (!supported.checkin_checkout) {
      delete accepted.checkin_checkout;
      warnings.push(notSupported("checkin_checkout", ["checkin_days", "checkout_days"]));
    } else if (takesCheckinDaysOnly(listing) && days.checkout_days.length < ALL_WEEKDAYS.length) {
      // The arrival days apply; departures stay unrestricted (all seven days).
      accepted.checkin_checkout = { checkin_days: days.checkin_days, checkout_days: [...ALL_WEEKDAYS] };
      warnings.push({
        setting: "checkin_checkout",
        reason: "partially_supported_by_channel",
        attributes: ["checkout_days"],
        message: "The listing's channel restricts check-in days only; checkout_days was not applied.",
      });
    }
  }
  return { accepted, warnings };
}
