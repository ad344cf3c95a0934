import { setFilters } from "../../../lib/svc/schemas/sets";
import type { SandboxContext } from "../../context";
import type { SetRow } from "../sets/access";
import { matchesFilters, type CandidateRow } from "../sets/candidates";
import { nowIso, recordSetChange } from "../sets/changelog";
import { refreshBoundary } from "../sets/records";
import { ApiError } from "../api-error";
import { NOTHING_EMITTED, type SimulateResult } from "./common";

/**
 * A filter-based set's sync: eligible listings its filters match that are not members come
 * back as `suggested` (so a member removed by DELETE returns). A sync that adds something
 * records `synced` with no actor (the service acted); one that adds nothing changes nothing.
 */
export function setSync(ctx: SandboxContext, setId: string): SimulateResult {
  const set = ctx.db.prepare(`SELECT * FROM sets WHERE id = ?`).get(setId) as SetRow | undefined;
  if (!set) throw new ApiError(404, "set_not_found", `No set ${setId}.`);
  if (set.membership !== "filter" || !set.filters) {
    return { event: "set_sync", set_id: setId, listing_ids: [], added: [], ...NOTHING_EMITTED };
  }
  const filters = setFilters.parse(JSON.parse(set.filters));
  const candidates = ctx.db
    .prepare(`SELECT * FROM market_listings WHERE eligible = 1 ORDER BY listing_id`)
    .all() as CandidateRow[];
  const members = new Set(
    (
      ctx.db.prepare(`SELECT listing_id FROM set_members WHERE set_id = ?`).all(setId) as Array<{
        listing_id: string;
      }>
    ).map((m) => m.listing_id),
  );
  const added = candidates
    .filter((c) => !members.has(c.listing_id) && matchesFilters(filters, c))
    .map((c) => c.listing_id);
  if (added.length > 0) {
    const insert = ctx.db.prepare(
      `INSERT INTO set_members (set_id, listing_id, status, added_at) VALUES (?, ?, 'suggested', ?)`,
    );
    const now = nowIso(ctx);
    ctx.db.transaction(() => {
      for (const id of added) insert.run(setId, id, now);
      recordSetChange(ctx, {
        setId,
        action: "synced",
        actorUserId: null,
        listingIds: added,
        details: { added: added.length, status: "suggested" },
        at: now,
      });
      refreshBoundary(ctx, set);
    })();
  }
  return { event: "set_sync", set_id: setId, listing_ids: [], added, ...NOTHING_EMITTED };
}
