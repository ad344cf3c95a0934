import { getPaceListings } from "@/lib/server/mirror/pace-drill-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The listings behind a pace row's gap against the same time last year, from the mirror. */
export const GET = getPaceListings;
