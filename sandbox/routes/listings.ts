import type { RouteTable } from "../context";
import { resolveListing } from "../domain/access";
import { accessibleListings, toListing } from "../domain/listings";
import { paginate } from "../http";

/** GET /listings and GET /listings/{listing_id}. */
export const listingRoutes: RouteTable = {
  "listings.list": ({ ctx, caller, query }) => {
    let rows = accessibleListings(ctx, caller.user.id, query.include_managed_listings ?? true);
    // Narrows to one account and grants nothing: an account you cannot access yields [].
    if (query.owner_user_id) rows = rows.filter(({ row }) => row.owner_user_id === query.owner_user_id);
    // Does not remove hidden listings; clients filter on is_hidden for that.
    if (query.exclude_inactive) rows = rows.filter(({ row }) => row.is_active === 1);
    const { items, total } = paginate(rows, query);
    return {
      body: items.map(({ row, access }) =>
        toListing(ctx, row, access, { includePhotos: query.include_photos === true }),
      ),
      total,
    };
  },
  "listings.get": ({ ctx, caller, params, query }) => {
    const { listing, access } = resolveListing(ctx, caller.user.id, params.listing_id!, query.channel);
    return { body: toListing(ctx, listing, access) };
  },
};
