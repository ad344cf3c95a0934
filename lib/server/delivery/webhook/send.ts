import { Webhook } from "standardwebhooks";
import { ATTEMPT_TIMEOUT_MS, nextAttemptAt, RESPONSE_KEPT_BYTES } from "@/lib/alerts/outgoing-webhook";
import { refusedHost } from "@/lib/server/delivery/webhook/address";
import type { AttemptResult, DueMessage } from "@/lib/server/delivery/webhook/webhook-store";

/**
 * One attempt of one message: signed as Standard Webhooks says (`webhook-id`, the same on
 * every attempt; `webhook-timestamp`, this attempt's, in seconds; `webhook-signature`,
 * `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`), posted, and judged: a 2xx answer
 * succeeded; anything else (another status, a redirect, no answer in 10 s, a network error)
 * failed, and is tried again after its wait, or given up after the last. A host on a private
 * network is never posted to (address.ts): that attempt fails with the reason. Never throws.
 */
export async function sendAttempt(
  due: DueMessage,
  secret: string,
  now: Date,
  options: {
    fetch?: typeof fetch;
    timeoutMs?: number;
    elapsed?: () => number;
    refused?: (url: string) => Promise<string | null>;
  } = {},
): Promise<AttemptResult> {
  const { fetch: send = fetch, timeoutMs = ATTEMPT_TIMEOUT_MS, refused = refusedHost } = options;
  const started = performance.now();
  const elapsed = options.elapsed ?? (() => Math.round(performance.now() - started));
  const base = { attempt: due.attempt, attemptedAt: now.toISOString() };
  const judged = (status: number | null, body: string | null, error: string | null): AttemptResult => {
    const ok = status !== null && status >= 200 && status < 300;
    const next = ok ? null : nextAttemptAt(due.attempt, now);
    return {
      ...base,
      responseStatus: status,
      responseBody: body,
      error,
      durationMs: Math.max(0, elapsed()),
      nextAttemptAt: next,
      state: ok ? "succeeded" : next === null ? "failed" : "pending",
    };
  };
  let headers: Record<string, string>;
  try {
    headers = {
      "content-type": "application/json",
      "user-agent": "RateDesk-Alerts/1",
      "webhook-id": due.id,
      "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
      "webhook-signature": new Webhook(secret).sign(due.id, now, due.body),
    };
  } catch {
    return judged(null, null, "The signing secret could not be read: rotate it to make a new one.");
  }
  const refusal = await refused(due.url).catch(() => null);
  if (refusal !== null) return judged(null, null, refusal);
  try {
    const response = await send(due.url, {
      method: "POST",
      headers,
      body: due.body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    const kept = await firstBytes(response);
    const error =
      response.status >= 300 && response.status < 400
        ? "The endpoint answered with a redirect, which is not followed: give the final URL."
        : null;
    return judged(response.status, kept, error);
  } catch (error) {
    return judged(null, null, failureWords(error, timeoutMs));
  }
}

/** The first bytes of the answer as text; the rest is not read. */
async function firstBytes(response: Response): Promise<string | null> {
  if (!response.body) return null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < RESPONSE_KEPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // What came before the answer broke off is still worth showing.
  } finally {
    reader.cancel().catch(() => undefined);
  }
  if (size === 0) return null;
  const bytes = Buffer.concat(chunks).subarray(0, RESPONSE_KEPT_BYTES);
  return new TextDecoder("utf-8", { fatal: false }).decode(bytes);
}

/** Why no answer came, in a sentence; never a stack trace. */
function failureWords(error: unknown, timeoutMs: number): string {
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError" || name === "AbortError") {
    const seconds = Math.max(1, Math.round(timeoutMs / 1000));
    return `The endpoint did not answer within ${seconds} ${seconds === 1 ? "second" : "seconds"}.`;
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
  const code = cause && "code" in cause ? String(cause.code) : "";
  if (code === "ECONNREFUSED") return "The endpoint refused the connection: nothing listens at that address.";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "The endpoint's host name could not be found.";
  if (code.startsWith("ERR_TLS") || code.includes("CERT"))
    return "The endpoint's TLS certificate could not be verified.";
  if (code === "ECONNRESET") return "The endpoint closed the connection before answering.";
  return "The endpoint could not be reached.";
}
