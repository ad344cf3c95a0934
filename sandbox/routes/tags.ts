import type { RouteTable } from "../context";
import { resolveListing } from "../domain/access";
import { ApiError } from "../domain/api-error";

/** GET and PUT /listings/{listing_id}/tags. `listing_id` answers as the caller identified it. */
export const tagRoutes: RouteTable = {
  "tags.get": ({ ctx, caller, params, query }) => {
    const { listing } = resolveListing(ctx, caller.user.id, params.listing_id!, query.channel);
    return { body: { listing_id: params.listing_id!, tags: JSON.parse(listing.tags) as string[] } };
  },
  "tags.put": ({ ctx, caller, params, query, body }) => {
    const { listing, access } = resolveListing(ctx, caller.user.id, params.listing_id!, query.channel);
    // docs/interface.md, Authentication 5: restricted editors cannot change tags (2026-10-01).
    if (access === "restricted_editor" || access === "viewer") {
      throw new ApiError(
        403,
        "forbidden",
        access === "viewer"
          ? "Viewers cannot change a listing's tags."
          : "Restricted editors cannot change a listing's tags.",
      );
    }
    ctx.db
      .prepare(`UPDATE listings SET tags = ? WHERE svc_id = ?`)
      .run(JSON.stringify(body.tags), listing.svc_id);
    return { body: { listing_id: params.listing_id!, tags: body.tags } };
  },
};
