import { deleteRule, updateRule } from "@/lib/server/alerts/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

/** The rule whole or in part (`{"paused": true}` pauses it). */
export const PUT = async (request: Request, { params }: Params) => updateRule(request, (await params).id);
/** Deletes the rule and the alerts it fired. */
export const DELETE = async (request: Request, { params }: Params) => deleteRule(request, (await params).id);
