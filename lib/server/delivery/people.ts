import "server-only";
import { createHmac } from "node:crypto";
import { env } from "@/lib/server/env";
import type { Session } from "@/lib/server/session";

/**
 * Who a person is, for delivery: the API key they signed in with. Each person of an account
 * signs in with a key of their own, so the key's token id (where sign-in learnt it) names
 * them, whatever the label; a key whose id is unknown is named by a keyed digest of it, never
 * the key itself. A new key is a new person: their settings are made again.
 */
export function personOf(session: Pick<Session, "apiKey" | "keyId">): string {
  if (session.keyId) return session.keyId;
  return `key:${createHmac("sha256", env().sessionSecret).update(`person:${session.apiKey}`).digest("base64url").slice(0, 22)}`;
}
