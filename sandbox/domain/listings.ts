import type { Listing, ListingAccessLevel } from "../../lib/svc/schemas/listings";
import type { SandboxContext } from "../context";
import type { ListingRow } from "./access";
import { cachedListingRows, cachedView } from "./listing-cache";

type OwnerRow = { id: string; email: string; first_name: string | null; last_name: string | null };

/** Deterministic photo list for `include_photos=true`; the count matches `num_photos`. */
function photosOf(row: ListingRow) {
  return Array.from({ length: row.num_photos }, (_, i) => ({
    url: `https://photos.svc.example/listings/${row.svc_id}/${i + 1}.jpg`,
    caption: i === 0 ? row.name : null,
  }));
}

/** A listing row as the listing object of the interface, seen by one caller. */
export function toListing(
  ctx: SandboxContext,
  row: ListingRow,
  access: ListingAccessLevel,
  options: { includePhotos?: boolean } = {},
): Listing {
  // Photos are rare (include_photos=true); only the plain object is cached.
  if (options.includePhotos) return buildListing(ctx, row, access, true);
  return cachedView(ctx, row, access, () => buildListing(ctx, row, access, false));
}

function buildListing(
  ctx: SandboxContext,
  row: ListingRow,
  access: ListingAccessLevel,
  includePhotos: boolean,
): Listing {
  const owner = ctx.db
    .prepare(`SELECT id, email, first_name, last_name FROM users WHERE id = ?`)
    .get(row.owner_user_id) as OwnerRow;
  const market = ctx.db.prepare(`SELECT name FROM markets WHERE id = ?`).get(row.market_id) as {
    name: string;
  };
  const preferences = JSON.parse(row.preferences) as Listing["listing_preferences"];
  return {
    id: row.channel_listing_id,
    channel: row.channel,
    svc_id: row.svc_id,
    name: row.name,
    market_id: row.market_id,
    market_name: market.name,
    latitude: row.latitude,
    longitude: row.longitude,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    max_guests: row.max_guests,
    currency: row.currency,
    is_active: row.is_active === 1,
    is_hidden: row.is_hidden === 1,
    pricing_enabled: preferences.pricing_enabled,
    access_level: access,
    owner_user: owner,
    owner_name: row.owner_name,
    source_user_id: row.source_user_id,
    num_photos: row.num_photos,
    ...(includePhotos ? { meta: { photos: photosOf(row) } } : {}),
    tags: JSON.parse(row.tags) as string[],
    listing_preferences: preferences,
    supported_settings: JSON.parse(row.supported_settings) as Listing["supported_settings"],
    created_at: row.created_at,
  };
}

/** Listings the user owns, plus (optionally) those shared with them, with the access level. */
export function accessibleListings(
  ctx: SandboxContext,
  userId: string,
  includeManaged: boolean,
): Array<{ row: ListingRow; access: ListingAccessLevel }> {
  const rows = cachedListingRows(ctx);
  const granted = ctx.db
    .prepare(
      `SELECT l.svc_id, CASE WHEN l.owner_user_id = @user THEN 'owner' ELSE a.level END AS access
       FROM listings l
       LEFT JOIN listing_access a ON a.listing_svc_id = l.svc_id AND a.user_id = @user
       WHERE l.owner_user_id = @user OR (@managed = 1 AND a.user_id IS NOT NULL)
       ORDER BY CAST(l.svc_id AS INTEGER)`,
    )
    .all({ user: userId, managed: includeManaged ? 1 : 0 }) as Array<{
    svc_id: string;
    access: ListingAccessLevel;
  }>;
  return granted.map(({ svc_id, access }) => ({ row: rows.get(svc_id)!, access }));
}
