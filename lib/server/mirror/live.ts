import "server-only";
import { accountOf, knownAccountOf } from "@/lib/server/mirror/account";
import { onMirrorChange } from "@/lib/server/mirror/mirror-bus";
import { mirrorRuntime } from "@/lib/server/mirror/runtime";
import type { Session } from "@/lib/server/session";

/** What a mirror change tells an open page: which reads changed, for which listings. */
export interface LiveMirrorChange {
  kind: string;
  listing_ids: string[];
}

/**
 * An open page (the live-updates stream) of an account with a mirror: while it is open, the
 * account is online and its key is held for the sync; it hears the account's mirror changes.
 * Learning the account costs one request per key and process, and only once some account of
 * this dashboard has a mirror; otherwise nothing is asked.
 */
export async function mirrorOfStream(
  session: Session,
): Promise<{ listen: (send: (change: LiveMirrorChange) => void) => () => void } | null> {
  try {
    const runtime = await mirrorRuntime();
    if ((await runtime.store.syncAccounts()).length === 0) return null;
    // Held whether or not this account has a mirror yet: a sync started from this page reads at once.
    const account = knownAccountOf(session) ?? (await accountOf(session));
    return {
      listen(send) {
        const release = runtime.keys.hold(account.accountId, session.apiKey);
        const unsubscribe = onMirrorChange((change) => {
          if (change.accountId === account.accountId)
            send({ kind: change.kind, listing_ids: change.listingIds });
        });
        return () => {
          unsubscribe();
          release();
        };
      },
    };
  } catch (error) {
    // The page's stream opens regardless: the webhook changes it carries matter more.
    console.error(
      "The live stream could not join the mirror:",
      error instanceof Error ? error.message : error,
    );
    return null;
  }
}
