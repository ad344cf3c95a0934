import type { Listing } from "../../lib/svc/schemas/listings";
import type { RuntimeState, SandboxContext } from "../context";
import type { ListingRow } from "./access";

/**
 * Listing rows and their listing objects, kept in process between requests. Reading every
 * column of every listing and rebuilding the objects was most of the cost of GET /listings;
 * the rows change rarely. Triggers bump `data_versions.listings` on any change to listings,
 * users or markets (schema.ts), so one cheap read per request says whether the cache is
 * still true. A reset brings a new RuntimeState and so a new cache.
 */
interface ListingCache {
  version: number;
  rows: Map<string, ListingRow>;
  /** The listing object of a cached row, built for one access level and reused for others. */
  views: WeakMap<ListingRow, Listing>;
}

const caches = new WeakMap<RuntimeState, ListingCache>();

function currentVersion(ctx: SandboxContext): number {
  const row = ctx.db.prepare(`SELECT version FROM data_versions WHERE name = 'listings'`).get() as
    { version: number } | undefined;
  return row?.version ?? -1;
}

/** Every listing row by svc_id, as of now. Treat the rows as read-only. */
export function cachedListingRows(ctx: SandboxContext): ReadonlyMap<string, ListingRow> {
  const version = currentVersion(ctx);
  const cached = caches.get(ctx.state);
  if (cached && cached.version === version) return cached.rows;
  const rows = ctx.db.prepare(`SELECT * FROM listings`).all() as ListingRow[];
  const fresh: ListingCache = {
    version,
    rows: new Map(rows.map((r) => [r.svc_id, r])),
    views: new WeakMap(),
  };
  caches.set(ctx.state, fresh);
  return fresh.rows;
}

/**
 * The listing object of a row for an access level, built once per cached row. Rows that did
 * not come from the cache (a handler's own query) are built every time.
 */
export function cachedView(
  ctx: SandboxContext,
  row: ListingRow,
  access: Listing["access_level"],
  build: () => Listing,
): Listing {
  const cache = caches.get(ctx.state);
  if (!cache || cache.rows.get(row.svc_id) !== row) return build();
  const view = cache.views.get(row);
  if (view) return view.access_level === access ? view : { ...view, access_level: access };
  const built = deepFreeze(build());
  cache.views.set(row, built);
  return built;
}

/** A shared cached object must not be changed by whoever receives it. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
