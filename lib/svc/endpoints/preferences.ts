import { z } from "zod";
import { listingScopedQuery } from "@/lib/svc/schemas/common";
import { endpoint } from "@/lib/svc/endpoint";
import { listingPreferences, preferenceSettings, preferenceWriteResult } from "@/lib/svc/schemas/preferences";
import {
  batchPreferencesBody,
  batchPreferencesQuery,
  batchPreferencesResult,
  listPreferencesQuery,
} from "@/lib/svc/schemas/preferences-batch";
import {
  copyPreferencesBody,
  longTermDiscountsView,
  previewQuery,
  previewResult,
  settingWriteBodyAny,
} from "@/lib/svc/schemas/preferences-extras";
import { preferenceChangelogEntry, preferenceChangelogQuery } from "@/lib/svc/schemas/listing-changelog";

/**
 * Preferences group (docs/interface-decisions.md §4). Every write answers `warnings`. The literal
 * `/preferences/{listing_id}/copy` must be routed before `/preferences/{listing_id}/{setting}`;
 * `{setting}` is one of PREFERENCE_SETTING_NAMES and its body is checked with
 * `settingWriteBody(setting)`.
 */
export const preferenceEndpoints = {
  "preferences.list": endpoint({
    group: "preferences",
    method: "GET",
    path: "/preferences",
    summary: "Preferences of the portfolio's listings, or of listing_ids",
    query: listPreferencesQuery,
    response: z.array(listingPreferences),
    // `channel` is optional here (it only reads listing_ids), so the service does not demand it.
    listingScoped: false,
  }),
  "preferences.batchPut": endpoint({
    group: "preferences",
    method: "PUT",
    path: "/preferences",
    summary: "Batch update; a failing listing is reported in errors and the rest applies",
    query: batchPreferencesQuery,
    body: batchPreferencesBody,
    response: batchPreferencesResult,
    // Each entry may carry its own `channel`; the query's is only a default.
    listingScoped: false,
  }),
  "preferences.get": endpoint({
    group: "preferences",
    method: "GET",
    path: "/preferences/{listing_id}",
    summary: "The listing's preferences: every setting, supported_settings",
    query: listingScopedQuery,
    response: listingPreferences,
  }),
  "preferences.put": endpoint({
    group: "preferences",
    method: "PUT",
    path: "/preferences/{listing_id}",
    summary: "Partial update; absent settings stay as they are",
    query: listingScopedQuery,
    body: preferenceSettings,
    response: preferenceWriteResult,
  }),
  "preferences.copy": endpoint({
    group: "preferences",
    method: "PUT",
    path: "/preferences/{listing_id}/copy",
    summary: "Copies settings (all, or those named) from another listing",
    query: listingScopedQuery,
    body: copyPreferencesBody,
    response: preferenceWriteResult,
  }),
  "preferences.settingPut": endpoint({
    group: "preferences",
    method: "PUT",
    path: "/preferences/{listing_id}/{setting}",
    summary: "Writes one setting: body {value}",
    query: listingScopedQuery,
    body: settingWriteBodyAny,
    response: preferenceWriteResult,
  }),
  "preferences.longTermDiscounts": endpoint({
    group: "preferences",
    method: "GET",
    path: "/preferences/{listing_id}/long_term_discounts",
    summary: "Long-term discounts and the form the channel takes them in",
    query: listingScopedQuery,
    response: longTermDiscountsView,
  }),
  "preferences.changelog": endpoint({
    group: "preferences",
    method: "GET",
    path: "/preferences/{listing_id}/changelog",
    summary: "Every change recorded against the listing, newest first",
    query: preferenceChangelogQuery,
    response: z.array(preferenceChangelogEntry),
    paginated: true,
  }),
  "preferences.preview": endpoint({
    group: "preferences",
    method: "POST",
    path: "/preferences/{listing_id}/preview",
    summary: "Prices under the given settings; persists nothing, open to read-only keys",
    query: previewQuery,
    body: preferenceSettings,
    response: previewResult,
    write: false,
  }),
} as const;
