/**
 * The personas' own listings (the `listings` table) and the team's access to the owner's:
 * who owns how many listings where, on which channel and tier. How each one is drawn:
 * ./listing-draft.ts.
 */
import type { Rng } from "../random";
import { MARKET_PROFILES, type MarketProfile } from "./markets";
import { ChannelIds, otherTier } from "./listing-traits";
import { makeListing, type ListingDraft } from "./listing-draft";
import { TEAM_LEVELS, type People } from "./personas";
import {
  PERSONAS,
  type ChannelName,
  type CorePersona,
  type ListingAccessRow,
  type PricingTier,
} from "./types";

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

export interface ListingsResult {
  drafts: ListingDraft[];
  access: ListingAccessRow[];
}

export function buildListings(rng: Rng, people: People, today: number): ListingsResult {
  const ids = new ChannelIds(rng.fork("channel-ids"));
  const hostIds = new Map<string, string>();
  const drafts: ListingDraft[] = [];
  let nextSvc = 1_000_001;
  const created = (persona: CorePersona) => people.createdDay.get(people.ids[persona]) ?? today - 1000;

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
