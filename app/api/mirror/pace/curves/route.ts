import { getCurves } from "@/lib/server/mirror/curves-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The booking curve of a stay month and the booking windows of recent bookings, against last year, from the mirror: no service request. */
export const GET = getCurves;
