import { randomBytes } from "node:crypto";
import type { CreateSetBody } from "../../../lib/svc/schemas/sets";
import type { SandboxContext } from "../../context";
import type { SetRow } from "./access";
import { requireEligible, type CandidateRow } from "./candidates";
import { nowIso, recordSetChange } from "./changelog";
import { boundaryFor } from "./records";

/** The currency most members are priced in (ties: the first listed), so most need no conversion. */
function commonCurrency(members: readonly CandidateRow[]): string {
  const counts = new Map<string, number>();
  for (const m of members) counts.set(m.currency, (counts.get(m.currency) ?? 0) + 1);
  let best = members[0]!.currency;
  for (const [currency, n] of counts) if (n > counts.get(best)!) best = currency;
  return best;
}

/**
 * POST /sets: a free set owned by the caller, every listing an `active` member. Listings
 * must be eligible candidates (rule 2; 422 `ineligible_listings`, nothing created). With
 * `filters` the set is filter-based.
 */
export function createSet(
  ctx: SandboxContext,
  userId: string,
  body: CreateSetBody,
  listingIds: string[],
): SetRow {
  const members = requireEligible(ctx, listingIds);
  const id = `set_${randomBytes(6).toString("hex")}`;
  const now = nowIso(ctx);
  const insertMember = ctx.db.prepare(
    `INSERT INTO set_members (set_id, listing_id, status, added_at) VALUES (?, ?, 'active', ?)`,
  );
  ctx.db.transaction(() => {
    ctx.db
      .prepare(
        `INSERT INTO sets (id, name, kind, owner_user_id, is_paid, billed_user_id, membership, filters,
           boundary, currency, created_at, updated_at)
         VALUES (?, ?, ?, ?, 0, NULL, ?, ?, NULL, ?, ?, ?)`,
      )
      .run(
        id,
        body.name,
        body.kind ?? null,
        userId,
        body.filters ? "filter" : "static",
        body.filters ? JSON.stringify(body.filters) : null,
        commonCurrency(members),
        now,
        now,
      );
    for (const m of members) insertMember.run(id, m.listing_id, now);
    const boundary = boundaryFor(ctx, id, body.filters ?? null);
    ctx.db
      .prepare(`UPDATE sets SET boundary = ? WHERE id = ?`)
      .run(boundary ? JSON.stringify(boundary) : null, id);
    recordSetChange(ctx, {
      setId: id,
      action: "created",
      actorUserId: userId,
      listingIds,
      details: { name: body.name, kind: body.kind ?? null, membership: body.filters ? "filter" : "static" },
      at: now,
    });
  })();
  return ctx.db.prepare(`SELECT * FROM sets WHERE id = ?`).get(id) as SetRow;
}
