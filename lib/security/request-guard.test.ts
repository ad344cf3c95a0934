import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { hostAllowlistFrom } from "@/lib/security/host-allowlist";
import { isWellEncodedPath, methodsFor, refusalFor, ROUTE_METHODS } from "@/lib/security/request-guard";

/** What Next answered 500 for is refused before routing, with a 400 or 405. */
const allowlist = hostAllowlistFrom({});
const guard = (method: string, rawPathname: string, host: string | null = "localhost:3000") =>
  refusalFor({ method, rawPathname, host }, allowlist);

describe("a malformed percent-encoding gets a 400 on every route family", () => {
  const families = [
    "/api/svc/listings/",
    "/api/webhooks/",
    "/api/events/",
    "/listings/",
    "/sets/",
    "/",
    "/api/session/",
  ];
  const malformed = ["%zz", "%", "%4", "%C0%AE", "%E0%80%AE", "%u002e", "%ED%A0%80", "%FF", "a%2"];
  for (const family of families) {
    it(`${family}…`, () => {
      for (const bad of malformed) {
        expect(guard("GET", `${family}${bad}`), `${family}${bad}`).toMatchObject({
          status: 400,
          code: "malformed_path",
        });
      }
    });
  }

  it("well-encoded paths pass, encoded slashes and dots included (the routes judge those)", () => {
    for (const ok of [
      "/listings/1000001",
      "/sets/set%201",
      "/api/svc/listings/%2e%2e",
      "/caf%C3%A9",
      "/a%2Fb",
    ]) {
      expect(isWellEncodedPath(ok), ok).toBe(true);
    }
  });
});

describe("a method a route family does not serve gets a 405 naming the allowed ones", () => {
  it("pages are GET and HEAD only", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND"]) {
      expect(guard(method, "/listings")).toMatchObject({ status: 405, headers: { allow: "GET, HEAD" } });
    }
    expect(guard("GET", "/listings")).toBeNull();
    expect(guard("HEAD", "/sign-in")).toBeNull();
  });

  it("the API families allow what their handlers export", () => {
    expect(guard("PATCH", "/api/svc/listings")).toMatchObject({ status: 405 });
    expect(guard("POST", "/api/events")).toMatchObject({ status: 405, headers: { allow: "GET, HEAD" } });
    expect(guard("GET", "/api/session")).toMatchObject({ status: 405, headers: { allow: "POST, DELETE" } });
    expect(guard("PUT", "/api/svc/listings/1/tags")).toBeNull();
    expect(guard("POST", "/api/webhooks/snk_x")).toBeNull();
    expect(guard("GET", "/api/webhooks/snk_x")).toMatchObject({ status: 405, headers: { allow: "POST" } });
  });

  it("the table matches the methods each route handler exports", () => {
    const routeFiles: Record<string, string> = {
      "/api/svc/": "app/api/svc/[...path]/route.ts",
      "/api/session": "app/api/session/route.ts",
      "/api/events": "app/api/events/route.ts",
      "/api/service-status": "app/api/service-status/route.ts",
      "/api/health": "app/api/health/route.ts",
      "/api/ready": "app/api/ready/route.ts",
      "/api/webhooks/": "app/api/webhooks/[sink]/route.ts",
      "/api/dashboard-webhook/rotate": "app/api/dashboard-webhook/rotate/route.ts",
      "/api/dashboard-webhook/inbox": "app/api/dashboard-webhook/inbox/route.ts",
      "/api/sync/status": "app/api/sync/status/route.ts",
      "/api/mirror/": "app/api/mirror/overview/route.ts",
      "/api/sync": "app/api/sync/route.ts",
      "/api/dashboard-webhook": "app/api/dashboard-webhook/route.ts",
    };
    expect(ROUTE_METHODS.map((r) => r.prefix).sort()).toEqual(Object.keys(routeFiles).sort());
    for (const { prefix, methods } of ROUTE_METHODS) {
      const source = readFileSync(routeFiles[prefix]!, "utf8");
      // `export const GET = notAllowed;`: a 405 of the route's own, not a served method.
      const exported = [
        ...source.matchAll(
          /export (?:const|async function|function) (GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\b(?! = notAllowed)/g,
        ),
      ].map((m) => m[1]);
      expect([...exported].sort(), prefix).toEqual([...methods].sort());
    }
  });

  it("HEAD goes with GET", () => {
    expect(methodsFor("/api/events")).toEqual(["GET", "HEAD"]);
    expect(methodsFor("/api/session")).toEqual(["POST", "DELETE"]);
  });
});

describe("an unknown Host is refused before anything else", () => {
  it("with 421, whatever the method or path", () => {
    expect(guard("GET", "/sign-in", "rebind.attacker.test:3000")).toMatchObject({
      status: 421,
      code: "unknown_host",
    });
    expect(guard("TRACE", "/%zz", "evil.example")).toMatchObject({ status: 421 });
    expect(guard("GET", "/sign-in", null)).toMatchObject({ status: 421 });
  });
});
