import type { KnownChannel } from "@/lib/svc/schemas/common";
import type { Listing } from "@/lib/svc/schemas/listings";
import { labelOf } from "@/lib/display/open-values";

export const channelLabels: Record<KnownChannel, string> = {
  airbnb: "Airbnb",
  vrbo: "Vrbo",
  booking_com: "Booking.com",
};

/** `Airbnb #12345`: how a listing is told apart from another of the same name. */
export function channelRef(listing: Pick<Listing, "channel" | "id">): string {
  return `${labelOf(channelLabels, listing.channel)} #${listing.id}`;
}
