/**
 * PUT /preferences/{listing_id}/copy: the settings to write to the target, taken from the
 * source listing. Money settings are in each listing's own currency, so they are converted
 * at the service's rates when the two listings' currencies differ.
 */
import {
  PREFERENCE_SETTING_NAMES,
  type PreferenceSettingName,
  type PreferenceSettings,
} from "../../../lib/svc/schemas/preferences";
import type { SandboxContext } from "../../context";
import type { ListingRow } from "../access";
import { converter } from "../fx";
import type { StoredSettings } from "./store";

const PRICE_SETTINGS = ["base_price", "min_price", "max_price"] as const;

export function copiedSettings(
  ctx: SandboxContext,
  source: { listing: ListingRow; settings: StoredSettings },
  target: ListingRow,
  names: readonly PreferenceSettingName[] = PREFERENCE_SETTING_NAMES,
): PreferenceSettings {
  const picked = Object.fromEntries(names.map((name) => [name, source.settings[name]])) as PreferenceSettings;
  const from = source.listing.currency;
  const to = target.currency;
  if (from === to) return picked;
  const convert = converter(ctx);
  const money = (amount: number | null) => (amount === null ? null : convert(amount, from, to));
  for (const key of PRICE_SETTINGS) {
    const amount = picked[key];
    if (amount !== undefined) picked[key] = money(amount);
  }
  if (picked.fees) {
    picked.fees = {
      cleaning_fee: money(picked.fees.cleaning_fee),
      extra_guest_fee: money(picked.fees.extra_guest_fee),
    };
  }
  return picked;
}
