import { listAlerts } from "@/lib/server/alerts/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** `?state=open|snoozed|resolved`, `rule_id`, `listing_id`: newest fired first. */
export const GET = listAlerts;
