import type { ChannelParam } from "../../lib/svc/schemas/common";
import type { ListingAccessLevel } from "../../lib/svc/schemas/listings";
import type { SandboxContext } from "../context";
import { ApiError } from "./api-error";

export interface ListingRow {
  svc_id: string;
  channel: "airbnb" | "vrbo" | "booking_com";
  channel_listing_id: string;
  owner_user_id: string;
  name: string;
  market_id: string;
  latitude: number;
  longitude: number;
  bedrooms: number | null;
  bathrooms: number | null;
  max_guests: number | null;
  currency: string;
  is_active: number;
  is_hidden: number;
  num_photos: number;
  owner_name: string | null;
  source_user_id: string | null;
  pricing_tier: string;
  base_price: number;
  amenities: string;
  supported_settings: string;
  preferences: string;
  tags: string;
  created_at: string;
}

/** The caller's level on a listing, or null without access. */
export function listingAccess(
  ctx: SandboxContext,
  userId: string,
  listing: Pick<ListingRow, "svc_id" | "owner_user_id">,
): ListingAccessLevel | null {
  if (listing.owner_user_id === userId) return "owner";
  const row = ctx.db
    .prepare(`SELECT level FROM listing_access WHERE listing_svc_id = ? AND user_id = ?`)
    .get(listing.svc_id, userId) as { level: ListingAccessLevel } | undefined;
  return row?.level ?? null;
}

/**
 * The listing identification rules: by channel id by default, by `svc_id` under
 * `channel=svc`. An inaccessible listing answers 404 under `svc` (ids cannot be enumerated)
 * and 403 by channel id.
 */
export function resolveListing(
  ctx: SandboxContext,
  userId: string,
  listingId: string,
  channel: ChannelParam,
): { listing: ListingRow; access: ListingAccessLevel } {
  const listing = (
    channel === "svc"
      ? ctx.db.prepare(`SELECT * FROM listings WHERE svc_id = ?`).get(listingId)
      : ctx.db
          .prepare(`SELECT * FROM listings WHERE channel = ? AND channel_listing_id = ?`)
          .get(channel, listingId)
  ) as ListingRow | undefined;
  const notFound = new ApiError(404, "listing_not_found", `No listing ${listingId} on ${channel}.`);
  if (!listing) throw notFound;
  const access = listingAccess(ctx, userId, listing);
  if (!access) {
    if (channel === "svc") throw notFound;
    throw new ApiError(403, "forbidden", `You have no access to listing ${listingId} on ${channel}.`);
  }
  return { listing, access };
}
