import { isAllowedHost, type HostAllowlist } from "@/lib/security/host-allowlist";

/**
 * What is refused before any route runs (proxy.ts), in this order: an unknown Host (421), a
 * path that is not valid percent-encoded UTF-8 (400: Next would
 * otherwise answer 500 with a stack trace in the log when it decodes a dynamic segment) and a
 * method the route family does not serve (405). Each refusal carries the interface's error
 * body. TRACE never reaches this far: Next cannot even build a Request for it, so the HTTP
 * server refuses it (scripts/serve.mjs).
 */
export interface Refusal {
  status: 400 | 405 | 421;
  code: string;
  message: string;
  headers?: Record<string, string>;
}

/**
 * Methods each route family serves. The API route handlers export exactly these, besides
 * handlers that only answer 405 (request-guard.test.ts compares them); pages are read-only.
 */
export const ROUTE_METHODS: ReadonlyArray<{ prefix: string; methods: readonly string[] }> = [
  { prefix: "/api/svc/", methods: ["GET", "POST", "PUT", "DELETE"] },
  { prefix: "/api/session", methods: ["POST", "DELETE"] },
  { prefix: "/api/events", methods: ["GET"] },
  { prefix: "/api/service-status", methods: ["GET"] },
  { prefix: "/api/health", methods: ["GET"] },
  { prefix: "/api/ready", methods: ["GET"] },
  // The receiver's own 405 handlers for the others stay as a fallback behind this.
  { prefix: "/api/webhooks/", methods: ["POST"] },
  { prefix: "/api/dashboard-webhook/rotate", methods: ["POST"] },
  { prefix: "/api/dashboard-webhook/inbox", methods: ["GET"] },
  { prefix: "/api/dashboard-webhook", methods: ["GET", "POST", "DELETE"] },
  { prefix: "/api/sync/status", methods: ["GET"] },
  { prefix: "/api/mirror/", methods: ["GET"] },
  { prefix: "/api/sync", methods: ["POST", "DELETE"] },
];
const PAGE_METHODS = ["GET", "HEAD"];

/** The methods a path is served with (HEAD goes with GET, as Next answers it). */
export function methodsFor(pathname: string): string[] {
  const family = ROUTE_METHODS.find(({ prefix }) =>
    prefix.endsWith("/")
      ? pathname.startsWith(prefix)
      : pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
  if (!family) return pathname.startsWith("/api/") ? [] : PAGE_METHODS;
  return family.methods.includes("GET") ? [...family.methods, "HEAD"] : [...family.methods];
}

/** True when every segment decodes as percent-encoded UTF-8 (no `%zz`, overlong forms, `%u…`). */
export function isWellEncodedPath(rawPathname: string): boolean {
  for (const segment of rawPathname.split("/")) {
    try {
      decodeURIComponent(segment);
    } catch {
      return false;
    }
  }
  return true;
}

export function refusalFor(
  request: { method: string; rawPathname: string; host: string | null },
  allowlist: HostAllowlist,
): Refusal | null {
  if (!isAllowedHost(request.host, allowlist)) {
    return {
      status: 421,
      code: "unknown_host",
      message: "This dashboard does not answer for that host name.",
    };
  }
  if (!isWellEncodedPath(request.rawPathname)) {
    return {
      status: 400,
      code: "malformed_path",
      message: "The address contains an invalid percent-encoding.",
    };
  }
  const allowed = methodsFor(request.rawPathname);
  // An unknown /api/ path falls through to Next's own 404.
  if (allowed.length > 0 && !allowed.includes(request.method)) {
    return {
      status: 405,
      code: "method_not_allowed",
      message: `${request.method} is not allowed here.`,
      headers: { allow: allowed.join(", ") },
    };
  }
  return null;
}
