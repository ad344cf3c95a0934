/**
 * The personas' own listings (the `listings` table) and the team's access to the owner's.
 */
import type { Rng } from "../random";
import { timestamp } from "./dates";
import { offsetKm, round, type Point } from "./geo";
import {
  MARKET_PROFILES,
  drawAmenities,
  drawBedrooms,
  typicalBasePrice,
  type MarketProfile,
  type Neighborhood,
} from "./markets";
import { ChannelIds, hostAccountId, otherTier, pickTags, supportedSettingsFor } from "./listing-traits";
import { PROPERTY_OWNER_NAMES, listingName, nickname } from "./names";
import { PERSONA_PROFILES, TEAM_LEVELS, type People } from "./personas";
import {
  PERSONAS,
  type ChannelName,
  type ListingAccessRow,
  type ListingRow,
  type Persona,
  type PreferencesSummary,
  type PricingTier,
  type SupportedSettings,
} from "./types";

export interface ListingDraft {
  row: ListingRow;
  persona: Persona;
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

/** The owner's portfolio: listings per market and channel (34 in all). */
const OWNER_PLAN: readonly (readonly [string, ChannelName, number])[] = [
  ["mkt_austin", "airbnb", 5],
  ["mkt_austin", "vrbo", 3],
  ["mkt_austin", "booking_com", 2],
  ["mkt_miami_beach", "airbnb", 3],
  ["mkt_miami_beach", "vrbo", 3],
  ["mkt_miami_beach", "booking_com", 2],
  ["mkt_lisbon", "airbnb", 4],
  ["mkt_lisbon", "vrbo", 1],
  ["mkt_lisbon", "booking_com", 3],
  ["mkt_london", "airbnb", 4],
  ["mkt_london", "vrbo", 1],
  ["mkt_london", "booking_com", 3],
];

function profileById(id: string): MarketProfile {
  const p = MARKET_PROFILES.find((m) => m.id === id);
  if (!p) throw new Error(`unknown market ${id}`);
  return p;
}

interface DraftSpec {
  persona: Persona;
  ownerId: string;
  ownerCreatedDay: number;
  profile: MarketProfile;
  channel: ChannelName;
  svcId: string;
  tier: PricingTier;
  numPhotos: number;
}

function makeListing(
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
  const ownerProfile = PERSONA_PROFILES[spec.persona];
  const ownerName =
    spec.persona === "owner"
      ? rng.chance(0.3)
        ? null
        : rng.pick(PROPERTY_OWNER_NAMES)
      : rng.chance(0.5)
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

export interface ListingsResult {
  drafts: ListingDraft[];
  access: ListingAccessRow[];
}

export function buildListings(rng: Rng, people: People, today: number): ListingsResult {
  const ids = new ChannelIds(rng.fork("channel-ids"));
  const hostIds = new Map<string, string>();
  const drafts: ListingDraft[] = [];
  let nextSvc = 1_000_001;
  const created = (persona: Persona) => people.createdDay.get(people.ids[persona]) ?? today - 1000;

  // The owner's portfolio.
  const ownerCount = OWNER_PLAN.reduce((n, [, , count]) => n + count, 0);
  const tiers = rng.shuffle<PricingTier>([
    "Free",
    "Free",
    "Pro Trial",
    "Pro Trial",
    "Pro Onboarding",
    ...Array.from({ length: ownerCount - 5 }, () =>
      rng.weighted<PricingTier>([
        ["Pro Flex", 0.6],
        ["Pro Flat", 0.4],
      ]),
    ),
  ]);
  const special = rng.shuffle(Array.from({ length: ownerCount }, (_, i) => i));
  const [hiddenInactive, hiddenActive, inactiveA, inactiveB, noPhotos, fewPhotos] = special as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  let i = 0;
  for (const [marketId, channel, count] of OWNER_PLAN) {
    for (let k = 0; k < count; k++, i++) {
      const numPhotos = i === noPhotos ? 0 : i === fewPhotos ? 3 : rng.int(12, 40);
      const draft = makeListing(
        rng,
        {
          persona: "owner",
          ownerId: people.ids.owner,
          ownerCreatedDay: created("owner"),
          profile: profileById(marketId),
          channel,
          svcId: String(nextSvc++),
          tier: tiers[i] as PricingTier,
          numPhotos,
        },
        ids,
        hostIds,
        today,
      );
      if (i === hiddenInactive || i === hiddenActive) draft.row.is_hidden = 1;
      if (i === hiddenInactive || i === inactiveA || i === inactiveB) {
        draft.row.is_active = 0;
        draft.deactivatedDay = today - rng.int(30, 120);
        if (draft.prefs.pricing_enabled) {
          draft.prefs.pricing_enabled = false;
          draft.row.preferences = JSON.stringify(draft.prefs);
        }
      }
      drafts.push(draft);
    }
  }

  // One channel id on two channels: an older Airbnb listing whose id equals a Vrbo id.
  const vrbo = drafts.find((d) => d.row.channel === "vrbo");
  const airbnb = drafts.find((d) => d.row.channel === "airbnb" && d.row.market_id !== vrbo?.row.market_id);
  if (vrbo && airbnb && ids.claim("airbnb", vrbo.row.channel_listing_id)) {
    airbnb.row.channel_listing_id = vrbo.row.channel_listing_id;
  }

  // Every other persona owns one or two listings of its own.
  for (const persona of PERSONAS) {
    if (persona === "owner") continue;
    const count = rng.int(1, 2);
    for (let k = 0; k < count; k++) {
      const profile =
        persona === "manager" && k === 0 ? profileById("mkt_austin") : rng.pick(MARKET_PROFILES);
      const channel = rng.weighted<ChannelName>([
        ["airbnb", 0.55],
        ["vrbo", 0.25],
        ["booking_com", 0.2],
      ]);
      drafts.push(
        makeListing(
          rng,
          {
            persona,
            ownerId: people.ids[persona],
            ownerCreatedDay: created(persona),
            profile,
            channel,
            svcId: String(nextSvc++),
            tier: otherTier(rng),
            numPhotos: rng.int(6, 36),
          },
          ids,
          hostIds,
          today,
        ),
      );
    }
  }

  // The owner's team sees every one of the owner's listings at its own level.
  const access: ListingAccessRow[] = [];
  for (const d of drafts) {
    if (d.persona !== "owner") continue;
    for (const persona of PERSONAS) {
      const level = TEAM_LEVELS[persona];
      if (level) access.push({ listing_svc_id: d.row.svc_id, user_id: people.ids[persona], level });
    }
  }
  return { drafts, access };
}
