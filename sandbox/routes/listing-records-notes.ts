import type { ChannelParam } from "../../lib/svc/schemas/common";
import type { RouteTable, SandboxContext } from "../context";
import { resolveListing, type ListingRow } from "../domain/access";
import { ApiError } from "../domain/api-error";
import { recordsClock } from "../domain/records/dates";
import { createNote, deleteNote, listNotes, updateNote } from "../domain/records/notes";

/** `listing_id` as answers carry it: the svc id under channel=svc, else the channel's id. */
export const answerId = (listing: ListingRow, channel: ChannelParam) =>
  channel === "svc" ? listing.svc_id : listing.channel_listing_id;

/**
 * Everyone with access to the listing reads its notes. Viewers cannot write them; restricted
 * editors can (the interface bars them from tags and the batch preferences only). A writer
 * may edit or delete any note of the listing, not only their own: notes are the team's.
 */
function noteWriter(
  ctx: SandboxContext,
  userId: string,
  listingId: string,
  channel: ChannelParam,
): ListingRow {
  const { listing, access } = resolveListing(ctx, userId, listingId, channel);
  if (access === "viewer") {
    throw new ApiError(
      403,
      "forbidden",
      `Viewers can read the notes of listing ${listingId} but not write them.`,
    );
  }
  return listing;
}

export const noteRoutes: RouteTable = {
  "notes.list": ({ ctx, caller, params, query }) => {
    const { listing } = resolveListing(ctx, caller.user.id, params.listing_id!, query.channel);
    return { body: listNotes(ctx, listing.svc_id, answerId(listing, query.channel)) };
  },

  "notes.create": ({ ctx, caller, params, query, body }) => {
    const listing = noteWriter(ctx, caller.user.id, params.listing_id!, query.channel);
    const { now } = recordsClock(ctx);
    const note = createNote(
      ctx,
      listing.svc_id,
      answerId(listing, query.channel),
      caller.user.id,
      body.body,
      now,
    );
    return { status: 201, body: note };
  },

  "notes.update": ({ ctx, caller, params, query, body }) => {
    const listing = noteWriter(ctx, caller.user.id, params.listing_id!, query.channel);
    const { now } = recordsClock(ctx);
    return {
      body: updateNote(
        ctx,
        listing.svc_id,
        answerId(listing, query.channel),
        params.note_id!,
        body.body,
        now,
      ),
    };
  },

  "notes.delete": ({ ctx, caller, params, query }) => {
    const listing = noteWriter(ctx, caller.user.id, params.listing_id!, query.channel);
    deleteNote(ctx, listing.svc_id, params.note_id!);
    return { status: 204, body: null };
  },
};
