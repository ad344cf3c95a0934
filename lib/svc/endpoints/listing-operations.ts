import { z } from "zod";
import { emptyBody, listingScopedQuery } from "@/lib/svc/schemas/common";
import { endpoint } from "@/lib/svc/endpoint";
import {
  bulkCustomRatesResult,
  customRateList,
  deleteBulkCustomRatesBody,
  deleteCustomRatesBody,
  putBulkCustomRatesBody,
  putCustomRatesBody,
} from "@/lib/svc/schemas/custom-rates";
import {
  listingFlag,
  listingTags,
  note,
  noteBody,
  putTagsBody,
  syncQueued,
} from "@/lib/svc/schemas/listing-extras";

/**
 * Per-listing data of the Listings group, plus notes, tags and flags. Every `{listing_id}`
 * path takes `channel` (docs/interface-decisions.md §1); `listing_id` in answers is the svc_id under
 * `channel=svc`, the listing's channel id otherwise.
 */

/** Listing operations: tags, flags, custom rates, notes and sync. */
export const listingOperationEndpoints = {
  // ------------------------------------------------------------ tags, flags
  "tags.get": endpoint({
    group: "tags",
    method: "GET",
    path: "/listings/{listing_id}/tags",
    summary: "The listing's tags",
    query: listingScopedQuery,
    response: listingTags,
  }),
  "tags.put": endpoint({
    group: "tags",
    method: "PUT",
    path: "/listings/{listing_id}/tags",
    summary: "Replaces the listing's tags; a restricted editor gets 403",
    query: listingScopedQuery,
    body: putTagsBody,
    response: listingTags,
  }),
  "flags.list": endpoint({
    group: "flags",
    method: "GET",
    path: "/listings/{listing_id}/flags",
    summary: "Automatically derived conditions of the listing",
    query: listingScopedQuery,
    response: z.array(listingFlag),
  }),

  // ------------------------------------------------------------ custom rates
  "listings.customRates": endpoint({
    group: "listings",
    method: "GET",
    path: "/listings/{listing_id}/custom_rates",
    summary: "Active and upcoming custom rate periods; expired ones excluded",
    query: listingScopedQuery,
    response: customRateList,
  }),
  "listings.customRatesPut": endpoint({
    group: "listings",
    method: "PUT",
    path: "/listings/{listing_id}/custom_rates",
    summary: "Writes custom rate periods, splitting overlapped ones; answers the periods in force",
    query: listingScopedQuery,
    body: putCustomRatesBody,
    response: customRateList,
  }),
  "listings.customRatesDelete": endpoint({
    group: "listings",
    method: "DELETE",
    path: "/listings/{listing_id}/custom_rates",
    summary: "Removes a date range from the custom rates; answers the periods in force",
    query: listingScopedQuery,
    body: deleteCustomRatesBody,
    response: customRateList,
  }),
  "listings.bulkCustomRatesPut": endpoint({
    group: "listings",
    method: "PUT",
    path: "/listings/{listing_id}/bulk_custom_rates",
    summary: "Writes the same custom rates on this listing and on listing_ids",
    query: listingScopedQuery,
    body: putBulkCustomRatesBody,
    response: bulkCustomRatesResult,
  }),
  "listings.bulkCustomRatesDelete": endpoint({
    group: "listings",
    method: "DELETE",
    path: "/listings/{listing_id}/bulk_custom_rates",
    summary: "Removes a date range from this listing's and listing_ids' custom rates",
    query: listingScopedQuery,
    body: deleteBulkCustomRatesBody,
    response: bulkCustomRatesResult,
  }),

  // ------------------------------------------------------------ notes
  "notes.list": endpoint({
    group: "notes",
    method: "GET",
    path: "/listings/{listing_id}/notes",
    summary: "The listing's notes, newest first",
    query: listingScopedQuery,
    response: z.array(note),
  }),
  "notes.create": endpoint({
    group: "notes",
    method: "POST",
    path: "/listings/{listing_id}/notes",
    summary: "Adds a note",
    query: listingScopedQuery,
    body: noteBody,
    response: note,
    status: 201,
  }),
  "notes.update": endpoint({
    group: "notes",
    method: "PUT",
    path: "/listings/{listing_id}/notes/{note_id}",
    summary: "Replaces a note's text",
    query: listingScopedQuery,
    body: noteBody,
    response: note,
  }),
  "notes.delete": endpoint({
    group: "notes",
    method: "DELETE",
    path: "/listings/{listing_id}/notes/{note_id}",
    summary: "Deletes a note",
    query: listingScopedQuery,
    response: emptyBody,
    status: 204,
  }),

  // ------------------------------------------------------------ sync
  "listings.sync": endpoint({
    group: "listings",
    method: "POST",
    path: "/listings/{listing_id}/sync",
    summary:
      "Queues a push of the latest recommendations and a reservation refresh (paid plans; 60 s debounce, daily cap)",
    query: listingScopedQuery,
    response: syncQueued,
    status: 202,
  }),
} as const;
