import { actOnAlert } from "@/lib/server/alerts/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

/** `{"action": "snooze", "until"}` or `{"action": "resolve"}`: answers the alert after it. */
export const POST = async (request: Request, { params }: Params) => actOnAlert(request, (await params).id);
