/**
 * One listing drawn from its market and its owner's plan: size, price, preferences, names and
 * its `listings` row. Apart from the portfolio plan (./listings.ts) so that how a listing
 * looks can change without touching who owns which listings.
 */
import type { Rng } from "../random";
import { timestamp } from "./dates";
import { offsetKm, round, type Point } from "./geo";
import {
  drawAmenities,
  drawBedrooms,
  typicalBasePrice,
  type MarketProfile,
  type Neighborhood,
} from "./markets";
import { hostAccountId, pickTags, supportedSettingsFor, type ChannelIds } from "./listing-traits";
import { PROPERTY_OWNER_NAMES, listingName, nickname } from "./names";
import { PERSONA_PROFILES } from "./personas";
import type {
  ChannelName,
  ListingRow,
  Persona,
  PreferencesSummary,
  PricingTier,
  SupportedSettings,
} from "./types";

export interface ListingDraft {
  row: ListingRow;
  /** The owner's persona; null for an account that is no persona (the portfolio's partners). */
  persona: Persona | null;
  profile: MarketProfile;
  neighborhood: Neighborhood;
  point: Point;
  prefs: PreferencesSummary;
  supported: SupportedSettings;
  quality: number;
  createdDay: number;
  /** Day the listing went inactive (no stays check in from then on), null when active. */
  deactivatedDay: number | null;
}

export interface DraftSpec {
  persona: Persona | null;
  ownerId: string;
  ownerCreatedDay: number;
  profile: MarketProfile;
  channel: ChannelName;
  svcId: string;
  tier: PricingTier;
  numPhotos: number;
}

export function makeListing(
  rng: Rng,
  spec: DraftSpec,
  ids: ChannelIds,
  hostIds: Map<string, string>,
  today: number,
): ListingDraft {
  const { profile, channel } = spec;
  const nb = rng.pick(profile.neighborhoods);
  const point = offsetKm(nb, rng.normal(0, 0.45), rng.normal(0, 0.45));
  const bedrooms = drawBedrooms(rng, profile);
  const quality = Math.min(1.55, Math.max(0.75, rng.logNormal(0.15)));
  const amenities = drawAmenities(rng, profile, quality);
  const bathrooms = bedrooms === 0 ? 1 : Math.max(1, Math.round(bedrooms * rng.float(0.6, 1.05) * 2) / 2);
  const maxGuests = bedrooms === 0 ? 2 : bedrooms * 2 + rng.int(0, 2);
  const basePrice = Math.round(
    typicalBasePrice(profile, bedrooms) * quality * (nb.central ? 1.08 : 1) * (nb.beach ? 1.1 : 1),
  );
  const supported = supportedSettingsFor(channel, profile.id);
  const pricingEnabled = spec.tier !== "Free" && rng.chance(0.9);
  const cleaning = Math.round(((45 + 22 * bedrooms) * profile.feeScale * rng.float(0.85, 1.2)) / 5) * 5;
  const prefs: PreferencesSummary = {
    pricing_enabled: pricingEnabled,
    base_price: basePrice,
    base_price_adjustment: rng.weighted<number | null>([
      [0, 5],
      [null, 3],
      [5, 1],
      [-5, 1],
      [10, 1],
    ]),
    min_price: Math.round(basePrice * rng.float(0.55, 0.7)),
    max_price: Math.round(basePrice * rng.float(2.4, 3.2)),
    min_stay: supported.min_stay
      ? rng.weighted([
          [1, 3],
          [2, 4],
          [3, 2],
        ] as const)
      : null,
    fees: rng.chance(0.9)
      ? {
          cleaning_fee: cleaning,
          extra_guest_fee: rng.chance(0.6) ? Math.round(rng.int(10, 25) * profile.feeScale) : null,
        }
      : null,
    long_term_discounts:
      supported.long_term_discounts && rng.chance(0.8)
        ? { weekly_percent: rng.int(5, 15), monthly_percent: rng.int(15, 35) }
        : null,
    guests_included: rng.chance(0.9) ? Math.min(maxGuests, Math.max(1, bedrooms * 2)) : null,
    nickname: rng.chance(0.7) ? nickname(rng, nb, bedrooms) : null,
  };

  const hostKey = `${spec.ownerId}:${channel}:${spec.persona === "owner" && channel === "airbnb" && rng.chance(0.2) ? 2 : 1}`;
  let hostId = hostAccountId(rng, hostIds, hostKey, channel);
  if (spec.persona !== "owner" && rng.chance(0.1)) hostId = "";
  const ownerProfile = spec.persona === null ? null : PERSONA_PROFILES[spec.persona];
  const ownerName =
    spec.persona === "owner"
      ? rng.chance(0.3)
        ? null
        : rng.pick(PROPERTY_OWNER_NAMES)
      : rng.chance(0.5) && ownerProfile
        ? `${ownerProfile.firstName} ${ownerProfile.lastName}`
        : null;
  const createdDay = rng.int(spec.ownerCreatedDay + 5, today - 600);
  const name = listingName(rng, profile, nb, bedrooms, amenities);
  const tags = pickTags(rng, { nb, bedrooms, amenities, quality, photos: spec.numPhotos });

  const row: ListingRow = {
    svc_id: spec.svcId,
    channel,
    channel_listing_id: ids.next(channel),
    owner_user_id: spec.ownerId,
    name,
    market_id: profile.id,
    latitude: round(point.lat, 6),
    longitude: round(point.lng, 6),
    bedrooms,
    bathrooms,
    max_guests: maxGuests,
    currency: profile.currency,
    is_active: 1,
    is_hidden: 0,
    num_photos: spec.numPhotos,
    owner_name: ownerName,
    source_user_id: hostId === "" ? null : hostId,
    pricing_tier: spec.tier,
    base_price: basePrice,
    amenities: JSON.stringify(amenities),
    supported_settings: JSON.stringify(supported),
    preferences: JSON.stringify(prefs),
    tags: JSON.stringify(tags),
    created_at: timestamp(createdDay, rng.int(7 * 3600, 22 * 3600)),
  };
  return {
    row,
    persona: spec.persona,
    profile,
    neighborhood: nb,
    point,
    prefs,
    supported,
    quality,
    createdDay,
    deactivatedDay: null,
  };
}
