import { z } from "zod";
import { openSet } from "@/lib/svc/schemas/reading";
import {
  channelName,
  currencyCode,
  queryBoolean,
  timestamp,
  userRef,
  withPagination,
} from "@/lib/svc/schemas/common";

/** Listing access levels (docs/interface-decisions.md §2). */
export const listingAccessLevel = openSet(["owner", "manager", "editor", "restricted_editor", "viewer"]);
export type ListingAccessLevel = z.infer<typeof listingAccessLevel>;

/** docs/interface-decisions.md §3. Two listings on one channel may differ. */
export const supportedSettings = z.object({
  checkin_checkout: z.boolean(),
  min_stay: z.boolean(),
  long_term_discounts: z.boolean(),
  long_term_discount_form: z.enum(["percent", "weekly_monthly", "none"]),
});
export type SupportedSettings = z.infer<typeof supportedSettings>;

/** The summary of pricing preferences carried on every listing object. */
export const listingPreferencesSummary = z.object({
  pricing_enabled: z.boolean(),
  base_price: z.number().nullable(),
  base_price_adjustment: z.number().nullable(),
  min_price: z.number().nullable(),
  max_price: z.number().nullable(),
  min_stay: z.number().int().nullable(),
  fees: z
    .object({
      cleaning_fee: z.number().nullable(),
      extra_guest_fee: z.number().nullable(),
    })
    .nullable(),
  long_term_discounts: z
    .object({
      weekly_percent: z.number().nullable(),
      monthly_percent: z.number().nullable(),
    })
    .nullable(),
  guests_included: z.number().int().nullable(),
  nickname: z.string().nullable(),
});

export const listingPhoto = z.object({ url: z.string(), caption: z.string().nullable() });

export const listing = z.object({
  id: z.string(),
  channel: channelName,
  svc_id: z.string(),
  name: z.string(),
  market_id: z.string(),
  market_name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  bedrooms: z.number().int().nullable(),
  bathrooms: z.number().nullable(),
  max_guests: z.number().int().nullable(),
  currency: currencyCode,
  is_active: z.boolean(),
  is_hidden: z.boolean(),
  pricing_enabled: z.boolean(),
  access_level: listingAccessLevel,
  owner_user: userRef,
  owner_name: z.string().nullable(),
  source_user_id: z.string().nullable(),
  num_photos: z.number().int(),
  /** Present only when GET /listings is called with include_photos=true (2026-10-06). */
  meta: z.object({ photos: z.array(listingPhoto) }).optional(),
  tags: z.array(z.string()),
  listing_preferences: listingPreferencesSummary,
  supported_settings: supportedSettings,
  created_at: timestamp,
});
export type Listing = z.infer<typeof listing>;

export const listListingsQuery = withPagination({
  /** Default true for API keys. */
  include_managed_listings: queryBoolean.optional(),
  include_photos: queryBoolean.optional(),
  /** Does not remove hidden listings: filter on is_hidden for that. */
  exclude_inactive: queryBoolean.optional(),
  owner_user_id: z.string().min(1).optional(),
});
export type ListListingsQuery = z.infer<typeof listListingsQuery>;
