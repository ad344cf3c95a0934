import { getTriage } from "@/lib/server/triage/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The triage queue scored from the portfolio mirror (`?format=csv` for CSV): no service request. */
export const GET = (request: Request) => getTriage(request);
