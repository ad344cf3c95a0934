import { NO_MIRROR_OVERVIEW, overviewFromMirror } from "@/lib/server/mirror/overview";
import { handle, json } from "@/lib/server/mirror/sync-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** This month and next against last year, from the account's mirror: no service request. */
export const GET = (request: Request) =>
  handle(
    request,
    async ({ runtime, account }) => json(await overviewFromMirror(runtime.store, account.accountId)),
    NO_MIRROR_OVERVIEW,
  );
