/**
 * Where a listing's preferences live: the summary on the listing row (`listings.preferences`,
 * shown as `listing_preferences` on the listing object) and the two settings the summary
 * lacks (checkin_checkout, fee_adjustments) in `listing_preference_extras`. Reads merge both;
 * writes update both in step, so GET /listings and GET /preferences never disagree.
 */
import type { ListingPreferences, PreferenceSettingValues } from "../../../lib/svc/schemas/preferences";
import type { SupportedSettings } from "../../../lib/svc/schemas/listings";
import type { ChannelParam } from "../../../lib/svc/schemas/common";
import type { SandboxContext } from "../../context";
import type { ListingRow } from "../access";

/** Every setting with its stored value. */
export type StoredSettings = PreferenceSettingValues;

type ExtrasRow = { checkin_checkout: string | null; fee_adjustments: string | null };

const SUMMARY_KEYS = [
  "pricing_enabled",
  "base_price",
  "base_price_adjustment",
  "min_price",
  "max_price",
  "min_stay",
  "fees",
  "long_term_discounts",
  "guests_included",
  "nickname",
] as const satisfies ReadonlyArray<keyof StoredSettings>;

const parseJson = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

export function supportedSettingsOf(listing: ListingRow): SupportedSettings {
  return JSON.parse(listing.supported_settings) as SupportedSettings;
}

/** The listing's every setting, as stored. */
export function readSettings(ctx: SandboxContext, listing: ListingRow): StoredSettings {
  const summary = JSON.parse(listing.preferences) as Pick<StoredSettings, (typeof SUMMARY_KEYS)[number]>;
  const extras = ctx.db
    .prepare(
      `SELECT checkin_checkout, fee_adjustments FROM listing_preference_extras WHERE listing_svc_id = ?`,
    )
    .get(listing.svc_id) as ExtrasRow | undefined;
  return {
    ...summary,
    checkin_checkout: parseJson(extras?.checkin_checkout ?? null),
    fee_adjustments: parseJson(extras?.fee_adjustments ?? null),
  };
}

/** Writes every setting: the summary column and the extras row. Call inside a transaction. */
export function writeSettings(ctx: SandboxContext, listingSvcId: string, settings: StoredSettings): void {
  const summary = Object.fromEntries(SUMMARY_KEYS.map((key) => [key, settings[key]]));
  ctx.db
    .prepare(`UPDATE listings SET preferences = ? WHERE svc_id = ?`)
    .run(JSON.stringify(summary), listingSvcId);
  ctx.db
    .prepare(
      `INSERT INTO listing_preference_extras (listing_svc_id, checkin_checkout, fee_adjustments)
       VALUES (?, ?, ?)
       ON CONFLICT (listing_svc_id) DO UPDATE SET
         checkin_checkout = excluded.checkin_checkout, fee_adjustments = excluded.fee_adjustments`,
    )
    .run(
      listingSvcId,
      settings.checkin_checkout === null ? null : JSON.stringify(settings.checkin_checkout),
      settings.fee_adjustments === null ? null : JSON.stringify(settings.fee_adjustments),
    );
}

/** The id a listing answers with: its svc_id under channel=svc, its channel id otherwise. */
export function answerId(listing: ListingRow, channel: ChannelParam | undefined): string {
  return channel === "svc" ? listing.svc_id : listing.channel_listing_id;
}

/** The contract's preferences object for a listing and a set of settings. */
export function toPreferencesObject(
  listing: ListingRow,
  listingId: string,
  settings: StoredSettings,
): ListingPreferences {
  return {
    listing_id: listingId,
    channel: listing.channel,
    currency: listing.currency,
    supported_settings: supportedSettingsOf(listing),
    ...settings,
  };
}
