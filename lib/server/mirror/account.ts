import "server-only";
import { createHmac } from "node:crypto";
import { env } from "@/lib/server/env";
import { processSingleton } from "@/lib/server/process-singleton";
import type { Session } from "@/lib/server/session";
import { serviceClient } from "@/lib/server/upstream";

/**
 * Which account a session's mirror belongs to. The interface names no caller id, but a
 * listing the caller owns (access level `owner`) names its owner: the caller. Every member of
 * an account with their own keys then shares one mirror. A caller who owns no listing gets a
 * mirror of their key's own: its token id, or (unknown) a keyed digest of the key, never the
 * key itself. One request per key and process, remembered.
 */
export interface MirrorAccount {
  accountId: string;
  label: string;
}

const REMEMBERED_MAX = 1_000;
const remembered = processSingleton("mirror-accounts", () => new Map<string, MirrorAccount>());

/** What is remembered of a key, by a digest of it: the map holds no key. */
const digestOf = (apiKey: string) =>
  createHmac("sha256", env().sessionSecret).update(apiKey).digest("base64url");

export function knownAccountOf(session: Pick<Session, "apiKey">): MirrorAccount | null {
  return remembered.get(digestOf(session.apiKey)) ?? null;
}

export async function accountOf(
  session: Pick<Session, "apiKey" | "keyId" | "label">,
): Promise<MirrorAccount> {
  const digest = digestOf(session.apiKey);
  const known = remembered.get(digest);
  if (known) return known;
  const owned = await serviceClient(session.apiKey).call("listings.list", {
    query: { include_managed_listings: false, per_page: 1 },
  });
  const owner = owned.find((l) => l.access_level === "owner")?.owner_user ?? null;
  const account: MirrorAccount = owner
    ? {
        accountId: owner.id,
        label: [owner.first_name, owner.last_name].filter(Boolean).join(" ") || owner.email,
      }
    : { accountId: `key:${session.keyId ?? digest.slice(0, 22)}`, label: session.label };
  if (remembered.size >= REMEMBERED_MAX) remembered.delete(remembered.keys().next().value!);
  remembered.set(digest, account);
  return account;
}
