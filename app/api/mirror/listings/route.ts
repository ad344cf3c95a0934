import { getListings } from "@/lib/server/mirror/listings-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The account's listing records from its mirror, filtered as GET /listings: no service request. */
export const GET = getListings;
