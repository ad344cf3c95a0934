/**
 * The portfolio manager's portfolio: Priya Nair runs 1,500 listings over the four
 * seeded markets and the three channels. 1,425 are her own, 36 of them hidden (12 of those
 * also inactive) and 72 inactive; 45 belong to a partner owner whose team she is in as a
 * restricted editor, and 30 to a second partner whose team has her as a viewer. Listing ids
 * follow the order the listings were connected, so partners' listings sit among her own.
 */
import type { Rng } from "../../random";
import { timestamp } from "../dates";
import { makeListing, type ListingDraft } from "../listing-draft";
import { ChannelIds, hostAccountId } from "../listing-traits";
import { MARKET_PROFILES, type MarketProfile } from "../markets";
import { distinctName, landlordName } from "../names";
import {
  PORTFOLIO_MANAGER,
  type ChannelName,
  type ListingAccessRow,
  type PricingTier,
  type TeamLevel,
  type TeamMemberRow,
  type UserRow,
} from "../types";

/** Her own listings per market and channel (1,425 in all). */
export const OWN_PLAN: readonly (readonly [market: string, channel: ChannelName, count: number])[] = [
  ["mkt_austin", "airbnb", 250],
  ["mkt_austin", "vrbo", 120],
  ["mkt_austin", "booking_com", 60],
  ["mkt_miami_beach", "airbnb", 190],
  ["mkt_miami_beach", "vrbo", 110],
  ["mkt_miami_beach", "booking_com", 80],
  ["mkt_lisbon", "airbnb", 170],
  ["mkt_lisbon", "vrbo", 40],
  ["mkt_lisbon", "booking_com", 110],
  ["mkt_london", "airbnb", 160],
  ["mkt_london", "vrbo", 25],
  ["mkt_london", "booking_com", 110],
];
/** Of her own listings: hidden ones, of which the first are also inactive, and inactive ones. */
export const HIDDEN = 36;
export const HIDDEN_INACTIVE = 12;
export const INACTIVE = 72;

interface PartnerProfile {
  firstName: string;
  lastName: string;
  email: string;
  /** Her level in the partner's team, so on each of the partner's listings. */
  level: TeamLevel;
  listings: number;
}

/** The partner owners: accounts, not personas (no keys). */
export const PARTNERS: readonly PartnerProfile[] = [
  {
    firstName: "Samuel",
    lastName: "Adeyemi",
    email: "samuel.adeyemi@northgateholdings.example",
    level: "restricted_editor",
    listings: 45,
  },
  {
    firstName: "Hannah",
    lastName: "Lowe",
    email: "hannah.lowe@tidewatercapital.example",
    level: "viewer",
    listings: 30,
  },
];

/** The first svc id of the portfolio: clear of the personas' (1,000,001…) and candidates' (5,000,001…). */
const FIRST_SVC_ID = 3_000_001;
/** Host accounts per channel a manager of this size connects through. */
const HOST_ACCOUNTS = 5;

export interface PortfolioManagerUser {
  id: string;
  createdDay: number;
}

export interface PortfolioPlan {
  partners: UserRow[];
  teamMembers: TeamMemberRow[];
  /** In svc id order. */
  drafts: ListingDraft[];
  access: ListingAccessRow[];
}

const OWN_TIERS: readonly (readonly [PricingTier, number])[] = [
  ["Pro Flex", 0.45],
  ["Pro Flat", 0.33],
  ["Free", 0.1],
  ["Pro Trial", 0.07],
  ["Pro Onboarding", 0.05],
];

function profileById(id: string): MarketProfile {
  const profile = MARKET_PROFILES.find((m) => m.id === id);
  if (!profile) throw new Error(`unknown market ${id}`);
  return profile;
}

function photos(rng: Rng): number {
  return rng.chance(0.02) ? rng.int(0, 4) : rng.int(10, 45);
}

/**
 * Every listing of the portfolio, its partners and their teams. `takenChannelIds` are the
 * world's channel listing ids, never drawn again.
 */
export function planPortfolio(
  rng: Rng,
  manager: PortfolioManagerUser,
  today: number,
  takenChannelIds: ReadonlyArray<{ channel: ChannelName; channel_listing_id: string }>,
): PortfolioPlan {
  const ids = new ChannelIds(rng.fork("channel-ids"));
  for (const { channel, channel_listing_id } of takenChannelIds) ids.claim(channel, channel_listing_id);
  const hostIds = new Map<string, string>();
  const listingRng = rng.fork("listings");
  const drafts: ListingDraft[] = [];

  for (const [marketId, channel, count] of OWN_PLAN) {
    const profile = profileById(marketId);
    for (let k = 0; k < count; k++) {
      const draft = makeListing(
        listingRng,
        {
          persona: PORTFOLIO_MANAGER,
          ownerId: manager.id,
          ownerCreatedDay: manager.createdDay,
          profile,
          channel,
          svcId: "",
          tier: listingRng.weighted(OWN_TIERS),
          numPhotos: photos(listingRng),
        },
        ids,
        hostIds,
        today,
      );
      // She manages other people's properties, through a few host accounts per channel.
      draft.row.owner_name = listingRng.chance(0.8) ? landlordName(listingRng) : null;
      draft.row.source_user_id = hostAccountId(
        listingRng,
        hostIds,
        `${manager.id}:${channel}:${listingRng.int(1, HOST_ACCOUNTS)}`,
        channel,
      );
      drafts.push(draft);
    }
  }

  const own = drafts.length;
  const special = rng.fork("special").sample(
    Array.from({ length: own }, (_, i) => i),
    HIDDEN + INACTIVE - HIDDEN_INACTIVE,
  );
  const stateRng = rng.fork("states");
  special.forEach((index, n) => {
    const draft = drafts[index]!;
    if (n < HIDDEN) draft.row.is_hidden = 1;
    if (n < HIDDEN_INACTIVE || n >= HIDDEN) deactivate(stateRng, draft, today);
  });

  const partners: UserRow[] = [];
  const teamMembers: TeamMemberRow[] = [];
  const access: ListingAccessRow[] = [];
  const partnerRng = rng.fork("partners");
  for (const partner of PARTNERS) {
    const id = `usr_${partnerRng.hex(12)}`;
    const created = today - partnerRng.int(900, 1600);
    partners.push({
      id,
      email: partner.email,
      first_name: partner.firstName,
      last_name: partner.lastName,
      persona: null,
      has_history_feature: 0,
      created_at: timestamp(created, partnerRng.int(8 * 3600, 20 * 3600)),
    });
    teamMembers.push({
      owner_user_id: id,
      member_user_id: manager.id,
      level: partner.level,
      status: "active",
      created_at: timestamp(today - partnerRng.int(200, 600), partnerRng.int(8 * 3600, 19 * 3600)),
    });
    for (let k = 0; k < partner.listings; k++) {
      const profile = partnerRng.pick(MARKET_PROFILES);
      const draft = makeListing(
        partnerRng,
        {
          persona: null,
          ownerId: id,
          ownerCreatedDay: created,
          profile,
          channel: partnerRng.weighted<ChannelName>([
            ["airbnb", 0.55],
            ["vrbo", 0.25],
            ["booking_com", 0.2],
          ]),
          svcId: "",
          tier: partnerRng.weighted(OWN_TIERS),
          numPhotos: photos(partnerRng),
        },
        ids,
        hostIds,
        today,
      );
      draft.row.owner_name = partnerRng.chance(0.5) ? `${partner.firstName} ${partner.lastName}` : null;
      drafts.push(draft);
    }
  }

  // Ids in the order the listings were connected; names told apart in that order.
  const order = drafts
    .map((draft, index) => ({ draft, index }))
    .sort((a, b) => {
      const [x, y] = [a.draft.row.created_at, b.draft.row.created_at];
      return x < y ? -1 : x > y ? 1 : a.index - b.index;
    });
  const names = new Set<string>();
  const nameRng = rng.fork("names");
  const ordered = order.map(({ draft }, n) => {
    draft.row.svc_id = String(FIRST_SVC_ID + n);
    draft.row.name = distinctName(nameRng, draft.row.name, names);
    return draft;
  });
  const levelOf = new Map(partners.map((p, i) => [p.id, PARTNERS[i]!.level]));
  for (const draft of ordered) {
    const level = levelOf.get(draft.row.owner_user_id);
    if (level) access.push({ listing_svc_id: draft.row.svc_id, user_id: manager.id, level });
  }
  return { partners, teamMembers, drafts: ordered, access };
}

/** An inactive listing: no stays check in since it went inactive, and nothing is posted. */
function deactivate(rng: Rng, draft: ListingDraft, today: number): void {
  draft.row.is_active = 0;
  draft.deactivatedDay = today - rng.int(20, 200);
  if (draft.prefs.pricing_enabled) {
    draft.prefs.pricing_enabled = false;
    draft.row.preferences = JSON.stringify(draft.prefs);
  }
}
