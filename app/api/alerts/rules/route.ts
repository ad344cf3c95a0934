import { createRule, listRules } from "@/lib/server/alerts/routes";

// better-sqlite3 and pg: the Node.js runtime, never the edge.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The account's alert rules, oldest first, each with its threshold in words. */
export const GET = listRules;
/** `{"kind", "scope", "params", "delivery"}`: answers the rule made (201). */
export const POST = createRule;
