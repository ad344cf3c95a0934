import { CANDIDATE_RADIUS_KM_DEFAULT, setFilters, type SetFilters } from "../../../lib/svc/schemas/sets";
import { isoTimestamp } from "../../clock";
import type { SandboxContext } from "../../context";
import { ApiError } from "../api-error";
import { NOTHING_EMITTED, type SimulateResult } from "./common";

type SetRow = { id: string; membership: string; filters: string | null };
type CandidateRow = {
  listing_id: string;
  bedrooms: number | null;
  latitude: number;
  longitude: number;
  amenities: string;
};

const kmBetween = (a: [number, number], b: [number, number]) => {
  const rad = Math.PI / 180;
  const dLat = (b[0] - a[0]) * rad;
  const dLng = (b[1] - a[1]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(dLng / 2) ** 2;
  return 12742 * Math.asin(Math.sqrt(h));
};

/** Whether an eligible candidate meets every criterion a set's filters give. */
function matchesFilters(filters: SetFilters, c: CandidateRow): boolean {
  if (filters.latitude !== undefined && filters.longitude !== undefined) {
    const distance = kmBetween([filters.latitude, filters.longitude], [c.latitude, c.longitude]);
    if (distance > (filters.radius_km ?? CANDIDATE_RADIUS_KM_DEFAULT)) return false;
  }
  if (filters.bedrooms_min !== undefined && (c.bedrooms === null || c.bedrooms < filters.bedrooms_min))
    return false;
  if (filters.bedrooms_max !== undefined && (c.bedrooms === null || c.bedrooms > filters.bedrooms_max))
    return false;
  if (filters.amenities?.length) {
    const has = new Set(JSON.parse(c.amenities) as string[]);
    if (!filters.amenities.every((a) => has.has(a))) return false;
  }
  return true;
}

/** A filter-based set's sync: eligible listings its filters match come back as `suggested`. */
export function setSync(ctx: SandboxContext, setId: string): SimulateResult {
  const set = ctx.db.prepare(`SELECT id, membership, filters FROM sets WHERE id = ?`).get(setId) as
    SetRow | undefined;
  if (!set) throw new ApiError(404, "set_not_found", `No set ${setId}.`);
  if (set.membership !== "filter" || !set.filters) {
    return { event: "set_sync", set_id: setId, listing_ids: [], added: [], ...NOTHING_EMITTED };
  }
  const filters = setFilters.parse(JSON.parse(set.filters));
  const candidates = ctx.db
    .prepare(
      `SELECT listing_id, bedrooms, latitude, longitude, amenities FROM market_listings WHERE eligible = 1`,
    )
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
  const insert = ctx.db.prepare(
    `INSERT INTO set_members (set_id, listing_id, status, added_at) VALUES (?, ?, 'suggested', ?)`,
  );
  const now = isoTimestamp(ctx.clock.now());
  ctx.db.transaction(() => {
    for (const id of added) insert.run(setId, id, now);
    ctx.db.prepare(`UPDATE sets SET updated_at = ? WHERE id = ?`).run(now, setId);
  })();
  return { event: "set_sync", set_id: setId, listing_ids: [], added, ...NOTHING_EMITTED };
}
