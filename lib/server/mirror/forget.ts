import "server-only";
import { accountOf } from "@/lib/server/mirror/account";
import { publishMirrorChange } from "@/lib/server/mirror/mirror-bus";
import { mirrorRuntime, type MirrorRuntime } from "@/lib/server/mirror/runtime";
import type { Session } from "@/lib/server/session";

/**
 * Forgetting an account's mirror: its rows, tasks, sync state and stored key erased, the key
 * this process holds for it let go, and open pages told. "Forget the mirror" on the Sync page
 * and signing out everywhere both come here.
 */
export async function forgetMirror(runtime: MirrorRuntime, accountId: string): Promise<void> {
  await runtime.store.forget(accountId);
  runtime.keys.forget(accountId);
  publishMirrorChange({ accountId, kind: "state", listingIds: [] });
}

/**
 * Signing out everywhere takes the session's account's mirror with it. false when it could
 * not be erased (the store or the service not answering): the sign-out holds regardless,
 * and the Sync page's Forget stays there to finish it.
 */
export async function forgetMirrorOf(session: Pick<Session, "apiKey" | "keyId" | "label">): Promise<boolean> {
  try {
    const account = await accountOf(session);
    await forgetMirror(await mirrorRuntime(), account.accountId);
    return true;
  } catch (error) {
    console.error(
      "Signing out everywhere could not erase the account's mirror:",
      error instanceof Error ? error.message : error,
    );
    return false;
  }
}
