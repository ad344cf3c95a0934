/** Helpers shared by the team tests (team-*.test.ts). */
import type { Sandbox } from "./app";
import { rows } from "./test-support";

/** A user's access rows on the listings of one owner, in svc id order. */
export function accessOn(sandbox: Sandbox, userId: string, ownerUserId: string) {
  return rows<{ listing_svc_id: string; level: string }>(
    sandbox,
    `SELECT a.listing_svc_id, a.level FROM listing_access a JOIN listings l ON l.svc_id = a.listing_svc_id
     WHERE a.user_id = ? AND l.owner_user_id = ? ORDER BY a.listing_svc_id`,
    userId,
    ownerUserId,
  );
}

/** How many listings a user owns. */
export function listingCountOf(sandbox: Sandbox, userId: string): number {
  return rows<{ n: number }>(
    sandbox,
    `SELECT count(*) AS n FROM listings WHERE owner_user_id = ?`,
    userId,
  )[0]!.n;
}
