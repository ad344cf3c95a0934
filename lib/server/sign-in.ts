import "server-only";
import { formatDuration } from "@/lib/format/durations";
import { isSvcError } from "@/lib/svc/errors";
import { newSessionId, type Session } from "@/lib/server/session";
import { serviceClient } from "@/lib/server/upstream";

export type SignInResult =
  { ok: true; session: Session } | { ok: false; status: number; code: string; message: string };

/** Plain sentences for what can go wrong when a key is checked. */
function explain(error: unknown): Extract<SignInResult, { ok: false }> {
  if (isSvcError(error)) {
    if (error.status === 401)
      return {
        ok: false,
        status: 401,
        code: "invalid_key",
        message: "That API key was not accepted by the pricing service. Check that you copied all of it.",
      };
    if (error.status === 429)
      return {
        ok: false,
        status: 429,
        code: "rate_limited",
        message: `This key has used its request budget for the minute. Try again in ${formatDuration(error.rateLimit.retryAfter ?? 60)}.`,
      };
    if (error.status === 502 || error.status === 504)
      return {
        ok: false,
        status: 502,
        code: error.code,
        message: "The pricing service cannot be reached right now. Try again in a minute.",
      };
  }
  return {
    ok: false,
    status: 502,
    code: "sign_in_failed",
    message: "The pricing service could not check this key. Try again in a minute.",
  };
}

/**
 * Checks a key against the service before any session starts: the key list must answer.
 * The key's own record (matched by its last four characters) names and classifies it.
 */
export async function verifyKey(
  apiKey: string,
  persona: { id: string; name: string } | null,
): Promise<SignInResult> {
  try {
    const keys = await serviceClient(apiKey).call("apiKeys.list");
    const own = keys.find((k) => k.revoked_at === null && k.last4 === apiKey.slice(-4));
    return {
      ok: true,
      session: {
        sessionId: newSessionId(),
        apiKey,
        keyId: own?.token_id ?? null,
        label: persona?.name ?? (own ? `Key “${own.name}”` : `Key ••••${apiKey.slice(-4)}`),
        persona: persona?.id ?? null,
        keyKind: own?.kind ?? null,
        signedInAt: Date.now(),
      },
    };
  } catch (error) {
    return explain(error);
  }
}
