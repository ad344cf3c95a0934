/** Helpers shared by the dynamic-sets tests (sets-*.test.ts). */
import { expect } from "vitest";
import { endpoints } from "../lib/svc/endpoints";
import type { Sandbox } from "./app";
import { call, rows } from "./test-support";

/** The seeded sets by name (sandbox/data/seed/sets.ts). */
export const SEEDED = {
  filter: "South Congress 2BR comps",
  paid: "Miami Beach core comps",
  large: "London premium watchlist",
  shortlist: "Lisbon shortlist",
  managers: "East Austin picks",
} as const;

export function setId(sandbox: Sandbox, name: string): string {
  const [row] = rows<{ id: string }>(sandbox, `SELECT id FROM sets WHERE name = ?`, name);
  expect(row, `seeded set ${name}`).toBeDefined();
  return row!.id;
}

export type MemberState = Record<string, string>;

/** listing_id → status of a set's memberships, straight from the database. */
export function memberState(sandbox: Sandbox, id: string): MemberState {
  return Object.fromEntries(
    rows<{ listing_id: string; status: string }>(
      sandbox,
      `SELECT listing_id, status FROM set_members WHERE set_id = ? ORDER BY listing_id`,
      id,
    ).map((r) => [r.listing_id, r.status]),
  );
}

/** Changelog rows of a set, newest first, straight from the database. */
export function changelogRows(sandbox: Sandbox, id: string) {
  return rows<{
    id: string;
    action: string;
    actor_user_id: string | null;
    listing_ids: string | null;
    at: string;
  }>(
    sandbox,
    `SELECT id, action, actor_user_id, listing_ids, at FROM set_changelog WHERE set_id = ? ORDER BY at DESC, seq DESC`,
    id,
  );
}

/** Eligible candidates that are not members of the set, by id. */
export function nonMemberCandidates(sandbox: Sandbox, id: string, n: number): string[] {
  return rows<{ listing_id: string }>(
    sandbox,
    `SELECT listing_id FROM market_listings WHERE eligible = 1
       AND listing_id NOT IN (SELECT listing_id FROM set_members WHERE set_id = ?)
     ORDER BY listing_id LIMIT ?`,
    id,
    n,
  ).map((r) => r.listing_id);
}

export function ineligibleCandidate(sandbox: Sandbox): string {
  return rows<{ listing_id: string }>(
    sandbox,
    `SELECT listing_id FROM market_listings WHERE eligible = 0 LIMIT 1`,
  )[0]!.listing_id;
}

/** Great-circle km, computed independently of the service's own helper. */
export function haversine(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const r = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(r(lat2 - lat1) / 2) ** 2 +
    Math.cos(r(lat1)) * Math.cos(r(lat2)) * Math.sin(r(lng2 - lng1) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

export const schemas = {
  record: endpoints["sets.get"].response,
  list: endpoints["sets.list"].response,
  members: endpoints["sets.membersGet"].response,
  candidates: endpoints["sets.candidates"].response,
  associated: endpoints["sets.associatedGet"].response,
  changelog: endpoints["sets.changelog"].response,
  upgraded: endpoints["sets.upgrade"].response,
};

/** A persona's own listings with both id forms, in svc id order. */
export function ownListings(sandbox: Sandbox, userId: string) {
  return rows<{ svc_id: string; channel: string; channel_listing_id: string }>(
    sandbox,
    `SELECT svc_id, channel, channel_listing_id FROM listings WHERE owner_user_id = ? ORDER BY CAST(svc_id AS INTEGER)`,
    userId,
  );
}

/** The svc ids associated with a set, sorted. */
export function associatedIds(sandbox: Sandbox, id: string): string[] {
  return rows<{ listing_svc_id: string }>(
    sandbox,
    `SELECT listing_svc_id FROM set_associated_listings WHERE set_id = ? ORDER BY listing_svc_id`,
    id,
  ).map((r) => r.listing_svc_id);
}

/** A fresh set created through the API with this key, from three candidates. */
export async function newSet(sandbox: Sandbox, key: string, name: string): Promise<string> {
  const res = await call(sandbox, "POST", "/sets", {
    key,
    body: { name, listing_ids: nonMemberCandidates(sandbox, "none", 3) },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return (res.json as { id: string }).id;
}
