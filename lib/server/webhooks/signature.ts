import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Verifies `Svc-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>…]` (docs/interface.md, Delivery rule 5;
 * docs/interface-decisions.md §6): HMAC-SHA256 over `<t>.<raw body>`, keyed with the secret's UTF-8
 * bytes. Pure: the caller gives the secrets and the time, so tests need no clock.
 */

/** A `t` further than this from our clock is refused either way (a replay, or a bad clock). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/** Real headers are about 80 characters; a huge one is refused before any parsing work. */
const HEADER_MAX = 4096;
const HEX_SHA256 = /^[0-9a-f]{64}$/i;

export type SignatureCheck =
  | { result: "ok"; /** Which of the given secrets matched (0 = the first). */ secretIndex: number }
  | { result: "malformed"; why: string }
  | { result: "no_match" }
  | { result: "stale"; ageSeconds: number }
  | { result: "future"; aheadSeconds: number };

export type SignatureFailure = Exclude<SignatureCheck, { result: "ok" }>["result"];

interface ParsedHeader {
  t: number;
  /** The raw `t` text: the signed payload starts with it exactly as sent. */
  tText: string;
  signatures: Buffer[];
}

/** Order-free `key=value` pairs; schemes other than v1 are ignored (room for a future v2). */
export function parseSignatureHeader(header: string): ParsedHeader | { malformed: string } {
  if (header.length > HEADER_MAX) return { malformed: "the header is too long" };
  let tText: string | null = null;
  const signatures: Buffer[] = [];
  let v1Seen = 0;
  for (const rawPart of header.split(",")) {
    const part = rawPart.trim();
    const eq = part.indexOf("=");
    if (eq <= 0) return { malformed: "every part must be key=value" };
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "t") {
      if (tText !== null) return { malformed: "t appears twice" };
      tText = value;
    } else if (key === "v1") {
      v1Seen++;
      // A v1 that is not a SHA-256 hex digest can match nothing; another v1 may still.
      if (HEX_SHA256.test(value)) signatures.push(Buffer.from(value, "hex"));
    }
  }
  if (tText === null) return { malformed: "t is missing" };
  if (!/^\d{1,12}$/.test(tText)) return { malformed: "t is not a number of seconds" };
  if (v1Seen === 0) return { malformed: "no v1 signature" };
  if (signatures.length === 0) return { malformed: "no v1 signature is a hex SHA-256 digest" };
  return { t: Number(tText), tText, signatures };
}

export function expectedSignature(secret: string, tText: string, body: Uint8Array): Buffer {
  return createHmac("sha256", Buffer.from(secret, "utf8")).update(`${tText}.`, "utf8").update(body).digest();
}

export interface VerifyInput {
  /** The `Svc-Signature` header as received. */
  header: string;
  /** The raw request body, exactly the bytes received. */
  body: Uint8Array | string;
  /** Every secret currently valid for the receiver (current first, then a rotated-out one). */
  secrets: readonly string[];
  /** Our clock, unix seconds. */
  nowSeconds: number;
  toleranceSeconds?: number;
}

/** Accepts when ANY v1 matches ANY secret, each comparison in constant time. */
export function verifySignature(input: VerifyInput): SignatureCheck {
  const parsed = parseSignatureHeader(input.header);
  if ("malformed" in parsed) return { result: "malformed", why: parsed.malformed };

  // The time is checked before hashing: a replayed or far-off request costs no HMAC.
  const tolerance = input.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS;
  const age = input.nowSeconds - parsed.t;
  if (age > tolerance) return { result: "stale", ageSeconds: age };
  if (-age > tolerance) return { result: "future", aheadSeconds: -age };

  const body = typeof input.body === "string" ? Buffer.from(input.body, "utf8") : input.body;
  let matched = -1;
  input.secrets.forEach((secret, index) => {
    const expected = expectedSignature(secret, parsed.tText, body);
    for (const candidate of parsed.signatures) {
      // Every candidate is compared (no early exit), so timing says nothing about which matched.
      if (candidate.length === expected.length && timingSafeEqual(candidate, expected) && matched < 0) {
        matched = index;
      }
    }
  });
  return matched >= 0 ? { result: "ok", secretIndex: matched } : { result: "no_match" };
}
