/**
 * The security headers of every answer. Pages get a Content-Security-Policy with a
 * fresh nonce per request: Next reads it from the request's own CSP header and puts it on its
 * inline and framework scripts, and 'strict-dynamic' lets those load the rest of the chunks.
 * No 'unsafe-eval' except in `next dev` (React's dev tooling needs it). Styles keep
 * 'unsafe-inline': React, Radix and recharts render `style` attributes and sonner inserts a
 * stylesheet at run time; a style cannot run script. API answers get a policy that allows
 * nothing at all, since they are never documents.
 */

export function documentPolicy({
  nonce,
  dev,
  https,
}: {
  nonce: string;
  dev: boolean;
  https: boolean;
}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    // Only over https: on plain-http localhost it would send every subresource to https.
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

export const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** One year, as HSTS preload lists ask; sent only over https (browsers ignore it on http anyway). */
export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Headers beside the CSP. X-Content-Type-Options, Referrer-Policy and X-Frame-Options are also
 * set by next.config.mjs for the static files the proxy does not touch.
 */
export function securityHeaders({ https }: { https: boolean }): Record<string, string> {
  return {
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    ...(https ? { "strict-transport-security": HSTS } : {}),
  };
}

/** A nonce for one response: 128 random bits, base64 (what a CSP nonce-source accepts). */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
