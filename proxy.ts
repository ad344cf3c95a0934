import { NextResponse, type NextRequest } from "next/server";
import { API_POLICY, documentPolicy, newNonce, securityHeaders } from "@/lib/security/headers";
import { hostAllowlistFrom, type HostAllowlist } from "@/lib/security/host-allowlist";
import { refusalFor } from "@/lib/security/request-guard";

/**
 * Runs before routing on every request (Next 16's proxy, formerly middleware): refuses an
 * unknown Host, an unserved method and a malformed path with the interface's error body and
 * one log line (lib/security/request-guard.ts), then adds the security headers, with a fresh
 * CSP nonce for pages (lib/security/headers.ts).
 */

let allowlist: HostAllowlist | null = null;
const hosts = () => (allowlist ??= hostAllowlistFrom(process.env));

/** Over https directly, or behind a proxy that says so (HSTS over plain http is ignored anyway). */
const isHttps = (request: NextRequest) =>
  request.nextUrl.protocol === "https:" ||
  request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https";

/** The path as the client sent it, still percent-encoded. */
function rawPathname(request: NextRequest): string {
  const raw = request.url.replace(/^[a-z]+:\/\/[^/]*/i, "");
  return raw.split(/[?#]/, 1)[0] || "/";
}

export function proxy(request: NextRequest) {
  const https = isHttps(request);
  const path = rawPathname(request);
  const refusal = refusalFor(
    { method: request.method, rawPathname: path, host: request.headers.get("host") },
    hosts(),
  );
  if (refusal) {
    // One line, no stack: what was refused and why. The path is still percent-encoded.
    console.warn(
      `[refused] ${refusal.status} ${refusal.code} ${request.method} ${JSON.stringify(path.slice(0, 200))} host=${JSON.stringify((request.headers.get("host") ?? "").slice(0, 100))}`,
    );
    return new Response(JSON.stringify({ error: { code: refusal.code, message: refusal.message } }), {
      status: refusal.status,
      headers: {
        "content-type": "application/json",
        "cache-control": "no-store",
        "content-security-policy": API_POLICY,
        ...securityHeaders({ https }),
        ...refusal.headers,
      },
    });
  }

  if (path.startsWith("/_next/static/")) return NextResponse.next();
  if (path.startsWith("/api/")) {
    const response = NextResponse.next();
    for (const [name, value] of Object.entries({
      "content-security-policy": API_POLICY,
      ...securityHeaders({ https }),
    })) {
      response.headers.set(name, value);
    }
    return response;
  }

  const nonce = newNonce();
  const policy = documentPolicy({ nonce, dev: process.env.NODE_ENV === "development", https });
  // Next reads the nonce from the request's CSP header and puts it on the scripts it renders.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", policy);
  requestHeaders.set("x-nonce", nonce);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  for (const [name, value] of Object.entries(securityHeaders({ https }))) response.headers.set(name, value);
  return response;
}
