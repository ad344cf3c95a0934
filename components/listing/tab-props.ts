import type { Listing } from "@/lib/svc/schemas/listings";

/** What every tab of the listing workspace receives. */
export interface ListingTabProps {
  listing: Listing;
  /** The session's key is read-only: every write is disabled with that reason. */
  readOnly: boolean;
}
