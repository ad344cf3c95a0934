import { countOpenAlerts } from "@/lib/server/alerts/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** `{open, capped}`: the bell's count of open alerts, up to 100. */
export const GET = countOpenAlerts;
