/**
 * Dynamic sets: the owner's four sets (filter-based, paid, paid beyond the 25-member
 * price-calendar limit, free with no kind) and a small set the manager shares with the owner.
 */
import type { Rng } from "../random";
import { timestamp } from "./dates";
import { boundingBoxMultiPolygon, circleMultiPolygon, distanceKm, type Point } from "./geo";
import type { ListingDraft } from "./listing-draft";
import type { CandidateDraft } from "./market-listings";
import { MARKET_PROFILES, type MarketProfile } from "./markets";
import type { People } from "./personas";
import type { SetAssociatedListingRow, SetMemberRow, SetRow, SetShareRow } from "./types";

export interface SetsResult {
  sets: SetRow[];
  members: SetMemberRow[];
  shares: SetShareRow[];
  associated: SetAssociatedListingRow[];
}

type MemberStatus = SetMemberRow["status"];

function profileById(id: string): MarketProfile {
  const p = MARKET_PROFILES.find((m) => m.id === id);
  if (!p) throw new Error(`unknown market ${id}`);
  return p;
}

function neighborhoodPoint(profile: MarketProfile, name: string): Point {
  const nb = profile.neighborhoods.find((n) => n.name === name);
  if (!nb) throw new Error(`unknown neighbourhood ${name} in ${profile.id}`);
  return { lat: nb.lat, lng: nb.lng };
}

/** Eligible candidates of a market ordered by distance from a point (ties by id). */
function nearest(
  candidates: readonly CandidateDraft[],
  marketId: string,
  center: Point,
  accept: (c: CandidateDraft) => boolean = () => true,
): CandidateDraft[] {
  return candidates
    .filter((c) => c.eligible && c.row.market_id === marketId && accept(c))
    .map((c) => ({ c, km: distanceKm(center, c.point) }))
    .sort((a, b) => a.km - b.km || a.c.row.listing_id.localeCompare(b.c.row.listing_id))
    .map((x) => x.c);
}

function take(list: readonly CandidateDraft[], n: number, what: string): CandidateDraft[] {
  if (list.length < n) throw new Error(`seed: only ${list.length} candidates for ${what}, need ${n}`);
  return list.slice(0, n);
}

export function buildSets(
  rng: Rng,
  people: People,
  listings: readonly ListingDraft[],
  candidates: readonly CandidateDraft[],
  today: number,
): SetsResult {
  const out: SetsResult = { sets: [], members: [], shares: [], associated: [] };
  const owner = people.ids.owner;

  const addSet = (spec: {
    name: string;
    kind: string | null;
    ownerId: string;
    paid: boolean;
    marketId: string;
    members: readonly (readonly [CandidateDraft, MemberStatus])[];
    filters?: Record<string, unknown>;
    boundary: number[][][][] | null;
    shares?: readonly (readonly [string, SetShareRow["level"]])[];
    associate?: readonly ListingDraft[];
  }): string => {
    const id = `set_${rng.hex(12)}`;
    const createdDay = today - rng.int(45, 240);
    const updatedDay = Math.min(today - 1, createdDay + rng.int(3, 40));
    const createdSec = rng.int(8 * 3600, 18 * 3600);
    out.sets.push({
      id,
      name: spec.name,
      kind: spec.kind,
      owner_user_id: spec.ownerId,
      is_paid: spec.paid ? 1 : 0,
      billed_user_id: spec.paid ? spec.ownerId : null,
      membership: spec.filters ? "filter" : "static",
      filters: spec.filters ? JSON.stringify(spec.filters) : null,
      boundary: spec.boundary ? JSON.stringify(spec.boundary) : null,
      currency: profileById(spec.marketId).currency,
      created_at: timestamp(createdDay, createdSec),
      updated_at: timestamp(updatedDay, rng.int(8 * 3600, 20 * 3600)),
    });
    for (const [c, status] of spec.members) {
      const addedDay = status === "active" && rng.chance(0.7) ? createdDay : rng.int(createdDay, updatedDay);
      out.members.push({
        set_id: id,
        listing_id: c.row.listing_id,
        status,
        added_at: timestamp(addedDay, addedDay === createdDay ? createdSec : rng.int(7 * 3600, 21 * 3600)),
      });
    }
    for (const [userId, level] of spec.shares ?? []) out.shares.push({ set_id: id, user_id: userId, level });
    for (const l of spec.associate ?? []) {
      out.associated.push({ set_id: id, listing_svc_id: l.row.svc_id, added_by_user_id: spec.ownerId });
    }
    return id;
  };

  const ownedIn = (persona: string, userId: string, marketId: string, center: Point) =>
    listings
      .filter((l) => l.row.owner_user_id === userId && l.row.market_id === marketId && l.persona === persona)
      .sort((a, b) => distanceKm(center, a.point) - distanceKm(center, b.point));
  const boxAround = (members: readonly CandidateDraft[]) =>
    boundingBoxMultiPolygon(members.map((m) => m.point));

  // (1) Filter-based, free: 2-bedroom comps within 3 km of South Congress.
  {
    const profile = profileById("mkt_austin");
    const center = neighborhoodPoint(profile, "South Congress");
    const radiusKm = 3;
    let pool = nearest(
      candidates,
      profile.id,
      center,
      (c) => c.bedrooms === 2 && distanceKm(center, c.point) <= radiusKm,
    );
    if (pool.length < 15) pool = nearest(candidates, profile.id, center, (c) => c.bedrooms === 2);
    const chosen = take(pool, 15, "the filter-based set");
    addSet({
      name: "South Congress 2BR comps",
      kind: "competitors",
      ownerId: owner,
      paid: false,
      marketId: profile.id,
      members: chosen.map((c, i) => [c, i < 12 ? "active" : "suggested"] as const),
      // The contract's set filters shape (lib/svc/schemas/sets.ts setFilters).
      filters: {
        latitude: center.lat,
        longitude: center.lng,
        radius_km: radiusKm,
        bedrooms_min: 2,
        bedrooms_max: 2,
      },
      boundary: circleMultiPolygon(center, radiusKm),
      associate: ownedIn("owner", owner, profile.id, center).slice(0, 2),
    });
  }

  // (2) Paid, static: 18 active comps around the owner's first Miami Beach listing; shared with the team.
  {
    const profile = profileById("mkt_miami_beach");
    const anchor = listings.find((l) => l.persona === "owner" && l.row.market_id === profile.id);
    const center = anchor ? anchor.point : profile.center;
    const chosen = take(nearest(candidates, profile.id, center), 18, "the paid set");
    addSet({
      name: "Miami Beach core comps",
      kind: "market_watch",
      ownerId: owner,
      paid: true,
      marketId: profile.id,
      members: chosen.map((c) => [c, "active"] as const),
      boundary: boxAround(chosen),
      shares: [
        [people.ids.manager, "M"],
        [people.ids.editor, "F"],
        [people.ids.restricted_editor, "E"],
        [people.ids.viewer, "R"],
      ],
      associate: ownedIn("owner", owner, profile.id, center).slice(0, 3),
    });
  }

  // (3) Paid, static, 30 memberships (22 active, 5 suggested, 3 inactive): over the 25 limit.
  {
    const profile = profileById("mkt_london");
    const owned = listings.filter((l) => l.persona === "owner" && l.row.market_id === profile.id);
    const anchor = owned.slice().sort((a, b) => b.row.base_price - a.row.base_price)[0];
    const center = anchor ? anchor.point : profile.center;
    const pool = nearest(candidates, profile.id, center).slice(0, 90);
    const premium = take(
      pool
        .slice()
        .sort((a, b) => b.basePrice - a.basePrice || a.row.listing_id.localeCompare(b.row.listing_id)),
      30,
      "the 30-member set",
    );
    const statuses: MemberStatus[] = rng.shuffle([
      ...Array.from({ length: 22 }, () => "active" as const),
      ...Array.from({ length: 5 }, () => "suggested" as const),
      ...Array.from({ length: 3 }, () => "inactive" as const),
    ]);
    addSet({
      name: "London premium watchlist",
      kind: "luxury",
      ownerId: owner,
      paid: true,
      marketId: profile.id,
      members: premium.map((c, i) => [c, statuses[i] as MemberStatus] as const),
      boundary: boxAround(premium),
      associate: anchor ? [anchor] : [],
    });
  }

  // (4) Free, static, no kind (reports "other"): an 8-listing shortlist; shared with the editor.
  {
    const profile = profileById("mkt_lisbon");
    const chosen = take(
      nearest(candidates, profile.id, neighborhoodPoint(profile, "Alfama")),
      8,
      "the shortlist",
    );
    addSet({
      name: "Lisbon shortlist",
      kind: null,
      ownerId: owner,
      paid: false,
      marketId: profile.id,
      members: chosen.map((c) => [c, "active"] as const),
      boundary: null,
      shares: [[people.ids.editor, "F"]],
    });
  }

  // The manager's own small set, shared with the owner read-only.
  {
    const profile = profileById("mkt_austin");
    const center = neighborhoodPoint(profile, "East Austin");
    const chosen = take(nearest(candidates, profile.id, center), 5, "the manager's set");
    addSet({
      name: "East Austin picks",
      kind: "competitors",
      ownerId: people.ids.manager,
      paid: false,
      marketId: profile.id,
      members: chosen.map((c) => [c, "active"] as const),
      boundary: boxAround(chosen),
      shares: [[owner, "R"]],
      associate: ownedIn("manager", people.ids.manager, profile.id, center).slice(0, 1),
    });
  }

  return out;
}
