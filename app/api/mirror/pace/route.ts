import { getPace } from "@/lib/server/mirror/pace-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The pace table (on the books against the same time last year, pickup) from the mirror: no service request. */
export const GET = getPace;
