import { WEBHOOK_RESPONSE_BODY_MAX } from "../../../lib/svc/schemas/webhooks";
import { refusalSentence, refusedAddress, systemResolver, type HostResolver } from "./endpoint-address";

/** What one attempt came to. `ok` is any 2xx; redirects are not followed and count as failure. */
export interface SendResult {
  ok: boolean;
  status: number | null;
  /** The first 1 KiB of the answer's body (characters), null when none was read. */
  body: string | null;
  error: string | null;
  durationMs: number;
}

/** Bytes read from a response at most: enough for 1,024 characters of any UTF-8 text. */
const READ_BYTES_MAX = WEBHOOK_RESPONSE_BODY_MAX * 4;

async function readExcerpt(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < READ_BYTES_MAX) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // The body stalled past the time-out or the connection dropped: keep what arrived.
  } finally {
    // Whatever the endpoint still sends is not wanted: stop reading it.
    reader.cancel().catch(() => {});
  }
  const text = new TextDecoder().decode(Buffer.concat(chunks).subarray(0, READ_BYTES_MAX));
  let excerpt = text.slice(0, WEBHOOK_RESPONSE_BODY_MAX);
  // Never end on half of a surrogate pair.
  if (/[\uD800-\uDBFF]$/.test(excerpt)) excerpt = excerpt.slice(0, -1);
  return excerpt;
}

/** A readable reason for a network failure: timeout, reset, refused, DNS… */
function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return `timeout: no complete answer within ${timeoutMs} ms`;
  }
  const cause =
    error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  const code = cause?.code ?? "";
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET" || code === "EPIPE") {
    return `connection reset by the endpoint (${code})`;
  }
  if (code === "ECONNREFUSED") return "connection refused (ECONNREFUSED)";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return `host not found (${code})`;
  if (code.startsWith("ERR_TLS") || code.includes("CERT")) return `TLS failure (${code})`;
  const message = cause?.message ?? (error instanceof Error ? error.message : String(error));
  return `network error${code ? ` (${code})` : ""}: ${message}`;
}

/**
 * POSTs one delivery. Never throws: every outcome, a slow, resetting or redirecting
 * endpoint included, becomes a SendResult within `timeoutMs` (the whole exchange, body
 * included, is bounded by one AbortSignal).
 */
export async function postDelivery(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  resolve: HostResolver = systemResolver,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  // Checked again at each attempt: the name may have been re-pointed since the subscription.
  const target = new URL(url);
  const refusal = await refusedAddress(target, resolve);
  if (refusal) {
    const error = `not sent: ${refusalSentence(target.hostname, refusal)}`;
    return { ok: false, status: null, body: null, error, durationMs: elapsed() };
  }
  try {
    const response = await fetch(url, {
      method: "POST",
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    const excerpt = await readExcerpt(response);
    const status = response.status;
    const ok = status >= 200 && status < 300;
    let error: string | null = null;
    if (status >= 300 && status < 400) {
      const location = response.headers.get("location");
      error = `redirect ${status} not followed${location ? ` (Location: ${location.slice(0, 200)})` : ""}`;
    } else if (!ok) {
      error = `endpoint answered HTTP ${status}`;
    }
    return { ok, status, body: excerpt, error, durationMs: elapsed() };
  } catch (error) {
    return {
      ok: false,
      status: null,
      body: null,
      error: describeFailure(error, timeoutMs),
      durationMs: elapsed(),
    };
  }
}
