import { getPaceReservations } from "@/lib/server/mirror/pace-drill-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The reservations booked or cancelled in a pickup window, behind a pace cell, from the mirror. */
export const GET = getPaceReservations;
