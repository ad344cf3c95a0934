/**
 * Row shapes of the seeded tables, named exactly as the columns in ../schema.ts.
 * Booleans are 0/1 and JSON columns are already serialized strings.
 */

export type SqlValue = string | number | null;

/** The six personas of docs/interface-decisions.md §8, seeded with everything they own. */
export const PERSONAS = ["owner", "manager", "editor", "restricted_editor", "viewer", "outsider"] as const;
export type CorePersona = (typeof PERSONAS)[number];
/**
 * The seventh persona: a property manager with about 1,500 listings. Their user
 * and key are seeded with the others; their portfolio is materialised on first use
 * (./portfolio/materialise.ts).
 */
export const PORTFOLIO_MANAGER = "portfolio_manager" as const;
export type Persona = CorePersona | typeof PORTFOLIO_MANAGER;
export type TeamLevel = "manager" | "editor" | "restricted_editor" | "viewer";
export type ChannelName = "airbnb" | "vrbo" | "booking_com";
export type PricingTier = "Free" | "Pro Flex" | "Pro Flat" | "Pro Trial" | "Pro Onboarding";

export interface MetaRow {
  key: string;
  value: string;
}

export interface FxRateRow {
  currency: string;
  per_usd: number;
}

export interface UserRow {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  persona: Persona | null;
  has_history_feature: number;
  created_at: string;
}

export interface ApiKeyRow {
  token_id: string;
  user_id: string;
  name: string;
  kind: "standard" | "read_only" | "channel_integration" | "assistant";
  key_hash: string;
  last4: string;
  demo_key: string | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface TeamMemberRow {
  owner_user_id: string;
  member_user_id: string;
  level: TeamLevel;
  status: string;
  created_at: string;
}

export interface ListingAccessRow {
  listing_svc_id: string;
  user_id: string;
  level: TeamLevel;
}

export interface MarketRow {
  id: string;
  name: string;
  country: string;
  currency: string;
  latitude: number;
  longitude: number;
  bedroom_groups: string;
}

export interface ListingRow {
  svc_id: string;
  channel: ChannelName;
  channel_listing_id: string;
  owner_user_id: string;
  name: string;
  market_id: string;
  latitude: number;
  longitude: number;
  bedrooms: number | null;
  bathrooms: number | null;
  max_guests: number | null;
  currency: string;
  is_active: number;
  is_hidden: number;
  num_photos: number;
  owner_name: string | null;
  source_user_id: string | null;
  pricing_tier: PricingTier;
  base_price: number;
  amenities: string;
  supported_settings: string;
  preferences: string;
  tags: string;
  created_at: string;
}

export interface MarketListingRow {
  listing_id: string;
  market_id: string;
  channel: string;
  name: string;
  latitude: number;
  longitude: number;
  bedrooms: number | null;
  bathrooms: number | null;
  max_guests: number | null;
  guests_included: number | null;
  amenities: string;
  currency: string;
  base_price: number;
  eligible: number;
  metrics: string;
}

export interface ReservationRow {
  reservation_id: string;
  listing_svc_id: string;
  status: "Accepted" | "Canceled";
  check_in: string;
  check_out: string;
  nights: number;
  guests: number | null;
  booked_at: string;
  canceled_at: string | null;
  currency: string;
  nightly_subtotal: number | null;
  fees: number | null;
  taxes: number | null;
  payout: number | null;
  total_price: number | null;
  comments: string | null;
  source_name: string | null;
}

export interface CalendarNightRow {
  listing_svc_id: string;
  date: string;
  price: number;
  recommended_price: number;
  min_stay: number;
  available: number;
  blocked: number;
  reservation_id: string | null;
  demand: "low" | "normal" | "high" | "very_high";
}

export interface SetRow {
  id: string;
  name: string;
  kind: string | null;
  owner_user_id: string;
  is_paid: number;
  billed_user_id: string | null;
  membership: "static" | "filter";
  filters: string | null;
  boundary: string | null;
  currency: string;
  created_at: string;
  updated_at: string;
}

export interface SetMemberRow {
  set_id: string;
  listing_id: string;
  status: "active" | "suggested" | "inactive";
  added_at: string;
}

export interface SetShareRow {
  set_id: string;
  user_id: string;
  level: "R" | "E" | "F" | "M";
}

export interface SetAssociatedListingRow {
  set_id: string;
  listing_svc_id: string;
  added_by_user_id: string;
}

/** The contract's supportedSettings (docs/interface-decisions.md §3). */
export interface SupportedSettings {
  checkin_checkout: boolean;
  min_stay: boolean;
  long_term_discounts: boolean;
  long_term_discount_form: "percent" | "weekly_monthly" | "none";
}

/** The contract's listingPreferencesSummary, stored in listings.preferences. */
export interface PreferencesSummary {
  pricing_enabled: boolean;
  base_price: number | null;
  base_price_adjustment: number | null;
  min_price: number | null;
  max_price: number | null;
  min_stay: number | null;
  fees: { cleaning_fee: number | null; extra_guest_fee: number | null } | null;
  long_term_discounts: { weekly_percent: number | null; monthly_percent: number | null } | null;
  guests_included: number | null;
  nickname: string | null;
}
