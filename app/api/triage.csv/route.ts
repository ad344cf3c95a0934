import { getTriage } from "@/lib/server/triage/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The triage queue as CSV: listing_id, name, score, one column per factor, band and why. */
export const GET = (request: Request) => getTriage(request, { csv: true });
