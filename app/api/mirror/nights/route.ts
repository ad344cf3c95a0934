import { getCalendars } from "@/lib/server/mirror/calendars-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The listings' price calendars over a range from the account's mirror: no service request. */
export const GET = getCalendars;
