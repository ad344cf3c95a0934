import "server-only";

/** A JSON answer in the interface's error shape, never with a stack trace. */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  extra: { details?: Record<string, unknown>; headers?: Record<string, string> } = {},
): Response {
  return new Response(
    JSON.stringify({ error: { code, message, ...(extra.details ? { details: extra.details } : {}) } }),
    {
      status,
      headers: { "content-type": "application/json", "cache-control": "no-store", ...extra.headers },
    },
  );
}

/**
 * Cross-site writes are refused. Browsers send `Sec-Fetch-Site`; older ones only `Origin`.
 * A write carrying neither is refused too: the BFF serves our pages, not other clients.
 */
export function isSameOriginWrite(request: Request, extraOrigin: string | null): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null) return site === "same-origin";
  const origin = request.headers.get("origin");
  if (!origin) return false;
  if (origin === new URL(request.url).origin || (extraOrigin !== null && origin === extraOrigin)) return true;
  // Next may report request.url as localhost for a server bound to 127.0.0.1: the Host
  // header names the address the browser actually used (proxy.ts has allowlisted it). The
  // scheme must match too: https://host is another origin than http://host.
  try {
    const { protocol } = new URL(request.url);
    return new URL(origin).origin === new URL(`${protocol}//${request.headers.get("host")}`).origin;
  } catch {
    return false;
  }
}

/** Reads at most `limit` bytes of a body; null when it is larger. */
export async function readBodyLimited(request: Request, limit: number): Promise<string | null> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
