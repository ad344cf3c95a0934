/** Deliveries larger than this are refused (over 1 MiB → 413, before hashing). */
export const DELIVERY_BODY_MAX = 1024 * 1024;

/** Whether the declared Content-Length alone already exceeds the limit (nothing read yet). */
export function declaresTooLarge(headers: Headers, limit = DELIVERY_BODY_MAX): boolean {
  const declared = headers.get("content-length");
  return declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limit;
}

/**
 * The body's exact bytes (the signature covers bytes, not decoded text), or null as soon as
 * more than `limit` bytes arrive: the rest is never read, so a sender cannot make us buffer
 * or hash more than the limit, whatever it declared.
 */
export async function readRawBody(request: Request, limit = DELIVERY_BODY_MAX): Promise<Buffer | null> {
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}
