import "server-only";
import { z } from "zod";
import { isSessionEnded } from "@/lib/server/ended-sessions";
import { env } from "@/lib/server/env";
import { errorResponse, isSameOriginWrite, readBodyLimited } from "@/lib/server/http";
import { accountOf, type MirrorAccount } from "@/lib/server/mirror/account";
import { forgetMirror } from "@/lib/server/mirror/forget";
import { publishMirrorChange } from "@/lib/server/mirror/mirror-bus";
import { mirrorRuntime, type MirrorRuntime } from "@/lib/server/mirror/runtime";
import { NO_SYNC, syncStatusOf, type SyncStatus } from "@/lib/server/mirror/status";
import { sessionCookieFrom, unsealSession } from "@/lib/server/session";
import { isSvcError } from "@/lib/svc/errors";
import { serviceClient } from "@/lib/server/upstream";

/**
 * The sync's small JSON interface (GET /api/sync/status, POST and DELETE /api/sync), under the
 * BFF's rules: a live session, writes from the dashboard itself only, failures as sentences in
 * the interface's error body. Each call also tells the sync that someone of the account is
 * here, with a key to read with (key-ring.ts).
 */
export interface SyncContext {
  runtime: MirrorRuntime;
  account: MirrorAccount;
}

const ENDED = "Your session has ended. Sign in again.";
export const NO_SYNC_YET = "No sync has been started for this account: start it first.";
export const NOT_READ_ONLY =
  "This key can change prices, and the dashboard stores no such key. Create a read-only key on the API keys page and paste that one.";
export const KEY_NOT_ACCEPTED =
  "The pricing service did not accept that key. Check that you copied all of it.";
export const KEY_OF_ANOTHER_ACCOUNT = "That key belongs to another account than yours.";

/**
 * Only a read-only key is stored, and only the account's own: the service names its kind in
 * the key list (the key's own record, found by its last four characters) and its owner by the
 * listings it owns. A key whose kind cannot be told is refused too.
 */
async function checkReadOnlyKey(
  key: string,
  accountId: string,
): Promise<{ code: string; message: string } | null> {
  try {
    const own = (await serviceClient(key).call("apiKeys.list")).find(
      (k) => k.revoked_at === null && k.last4 === key.slice(-4),
    );
    if (own?.kind !== "read_only") return { code: "not_read_only", message: NOT_READ_ONLY };
    const account = await accountOf({ apiKey: key, keyId: own.token_id, label: own.name });
    return account.accountId === accountId
      ? null
      : { code: "other_account", message: KEY_OF_ANOTHER_ACCOUNT };
  } catch (error) {
    if (isSvcError(error) && error.status === 401) return { code: "invalid_key", message: KEY_NOT_ACCEPTED };
    throw error;
  }
}

const ACTIONS = ["start", "pause", "resume", "store_key", "erase_key"] as const;
export const syncAction = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.enum(["start", "pause", "resume", "erase_key"]) }),
    z.object({
      action: z.literal("store_key"),
      key: z.string().trim().min(8, "Paste the whole API key.").max(512),
    }),
  ],
  { error: `action must be one of ${ACTIONS.map((a) => `"${a}"`).join(", ")}.` },
);

function parseJson(text: string | null): unknown {
  try {
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", "cache-control": "no-store" },
  });

export async function statusOf({ runtime, account }: SyncContext): Promise<SyncStatus> {
  const record = await runtime.store.syncRecord(account.accountId);
  if (!record) return NO_SYNC;
  const online = runtime.keys.online(account.accountId);
  return syncStatusOf({
    record,
    progress: await runtime.store.progress(account.accountId),
    pace: runtime.worker.pace(account.accountId),
    share: online ? runtime.shares.online : runtime.shares.idle,
    now: Date.now(),
  });
}

async function contextFor(request: Request, whenNoMirror: unknown): Promise<SyncContext | Response> {
  const session = await unsealSession(sessionCookieFrom(request.headers));
  if (!session || (await isSessionEnded(session))) return errorResponse(401, "unauthenticated", ENDED);
  if (request.method !== "GET" && !isSameOriginWrite(request, env().dashboardOrigin))
    return errorResponse(403, "cross_site_write", "Changes must come from the dashboard itself.");
  const runtime = await mirrorRuntime();
  // Every page asks for the status (the header's line): while no account of this dashboard
  // has a mirror, the answer is known without asking the service whose account this is.
  if (whenNoMirror !== undefined && (await runtime.store.syncAccounts()).length === 0)
    return json(whenNoMirror);
  const account = await accountOf(session);
  runtime.keys.touch(account.accountId, session.apiKey);
  return { runtime, account };
}

function failure(error: unknown): Response {
  if (isSvcError(error)) {
    if (error.status === 401) return errorResponse(401, "unauthenticated", ENDED);
    return errorResponse(
      502,
      error.code,
      `The pricing service could not tell which account this is: ${error.message}`,
    );
  }
  console.error("The sync's route failed:", error instanceof Error ? error.message : error);
  return errorResponse(500, "internal_error", "Something went wrong on the dashboard. Try again.");
}

/**
 * A route of the mirror's: the session's account, its key noted, failures as sentences. A
 * read gives `whenNoMirror`, its answer while no account of this dashboard has a mirror.
 */
export async function handle(
  request: Request,
  work: (ctx: SyncContext) => Promise<Response>,
  whenNoMirror?: unknown,
): Promise<Response> {
  try {
    const ctx = await contextFor(request, whenNoMirror);
    return ctx instanceof Response ? ctx : await work(ctx);
  } catch (error) {
    return failure(error);
  }
}

export const getStatus = (request: Request) =>
  handle(request, async (ctx) => json(await statusOf(ctx)), NO_SYNC);

export const postAction = (request: Request) =>
  handle(request, async (ctx) => {
    const text = await readBodyLimited(request, 1024);
    const body = syncAction.safeParse(parseJson(text));
    if (!body.success)
      return errorResponse(
        400,
        "invalid_action",
        body.error.issues[0]?.message ?? 'Send {"action": "start"}.',
      );
    const { store } = ctx.runtime;
    const { accountId, label } = ctx.account;
    const action = body.data;
    if (action.action === "start") await store.startSync(accountId, label);
    else if (!(await store.syncRecord(accountId))) return errorResponse(404, "no_sync", NO_SYNC_YET);
    else if (action.action === "pause" || action.action === "resume")
      await store.setPaused(accountId, action.action === "pause");
    else if (action.action === "erase_key") await store.eraseKey(accountId);
    else if (action.action === "store_key") {
      const refusal = await checkReadOnlyKey(action.key, accountId);
      if (refusal) return errorResponse(400, refusal.code, refusal.message);
      await store.storeKey(accountId, ctx.runtime.sealKey(accountId, action.key), action.key.slice(-4));
    }
    publishMirrorChange({ accountId, kind: "state", listingIds: [] });
    return json(await statusOf(ctx));
  });

export const deleteMirror = (request: Request) =>
  handle(request, async (ctx) => {
    await forgetMirror(ctx.runtime, ctx.account.accountId);
    return json(NO_SYNC);
  });
