import { sameOrigin, send, signIn, upstreamDuring } from "../client";
import { tally, type Check } from "../types";

/**
 * The BFF allowlist: crafted paths and methods under /api/svc reach nothing upstream; the
 * requests the contract allows reach exactly the contract's path and parsed query.
 */
const TAGS = "/api/svc/listings/1000001/tags";

/**
 * [method, raw path]: every one is refused by the dashboard itself, or redirected by Next's
 * own path normalisation to a path of the same origin; nothing of it reaches the service.
 */
export const CRAFTED: Array<[string, string]> = [
  ["GET", "/api/svc/_sandbox/personas"],
  ["POST", "/api/svc/_sandbox/reset"],
  ["POST", "/api/svc/_sandbox/clock"],
  ["GET", "/api/svc/../_sandbox/personas"],
  ["GET", "/api/svc/%2e%2e/_sandbox/personas"],
  ["GET", "/api/svc/%2E%2E/%5Fsandbox/personas"],
  ["GET", "/api/svc/listings/..%2f_sandbox%2fpersonas"],
  ["GET", "/api/svc/listings/..%2F..%2F_sandbox%2Fpersonas"],
  ["GET", "/api/svc/listings/%2e%2e%2f%2e%2e%2fapi_keys"],
  ["GET", "/api/svc//listings"],
  ["GET", "/api/svc/listings//1000001"],
  ["GET", "/api/svc/listings/%2F1000001"],
  ["GET", "/api/svc/listings/1000001%2Ftags"],
  ["GET", "/api/svc/listings\\1000001"],
  ["GET", "/api/svc/listings/%5C1000001"],
  ["GET", "/api/svc/listings/1000001%00/tags"],
  ["GET", "/api/svc/listings/%0a1000001"],
  ["GET", "/api/svc/listings/%E2%80%A4%E2%80%A4/api_keys"],
  ["GET", "/api/svc/LISTINGS"],
  ["GET", "/api/svc/Listings"],
  ["GET", "/api/svc/listings.json"],
  ["GET", "/api/svc/listings;jsessionid=1"],
  ["GET", "/api/svc/listings%3Bx"],
  ["GET", "/api/svc/listings%23fragment"],
  ["GET", "/api/svc/listings%3Fper_page=1"],
  ["GET", "/api/svc/admin"],
  ["GET", "/api/svc/internal/users"],
  ["GET", "/api/svc/"],
  ["GET", "/api/svc"],
  ["GET", "/api/svc/api_keys/tok_x/secret"],
  ["GET", "/api/svc/webhooks/whk_1/../../_sandbox/clock"],
  ["GET", "/api/svc/%252e%252e/_sandbox/personas"],
  ["GET", "/api/svc/%c0%ae%c0%ae/_sandbox/personas"],
  ["GET", "/api/svc/listings/%zz"],
  ["GET", "/api/svc/http://evil.example/listings"],
  ["GET", "/api/svc/http:%2F%2Fevil.example%2Flistings"],
  ["GET", "/api/svc/@evil.example/listings"],
  ["PATCH", TAGS],
  ["POST", TAGS],
  ["OPTIONS", "/api/svc/listings"],
  ["PROPFIND", "/api/svc/listings"],
  ["TRACE", "/api/svc/listings"],
  ["TRACK", "/api/svc/listings"],
  ["PUT", "/api/svc/listings"],
  ["DELETE", "/api/svc/listings"],
  ["POST", "/api/svc/listings/kpis"],
  ["DELETE", "/api/svc/api_keys"],
  ["PUT", "/api/svc/api_keys/tok_1"],
  ["GET", "/api/svc/listings/1000001/tags/extra"],
  ["HEAD", "/api/svc/_sandbox/personas"],
];

/**
 * Allowed requests and exactly what the service must receive for each. Dot segments that stay
 * under /api/svc are resolved before the BFF sees the path: the result is a plain contract
 * request on the caller's own key, nothing more.
 */
const CONTROLS: Array<{ path: string; upstream: string }> = [
  { path: "/api/svc/listings/1000001/tags/../../../api_keys", upstream: "/api_keys" },
  { path: "/api/svc/listings/1000001/%2e%2e/%2e%2e/api_keys", upstream: "/api_keys" },
  { path: "/api/svc/listings/.%2e/api_keys", upstream: "/api_keys" },
  { path: "/api/svc/sets/candidates/../../api_keys", upstream: "/api_keys" },
  { path: "/api/svc/listings?per_page=1&debug=1", upstream: "/listings?per_page=1" },
  { path: "/api/svc/listings?per_page=1&x-api-key=sk_live_guess", upstream: "/listings?per_page=1" },
  { path: `${TAGS}?channel=svc&channel=airbnb`, upstream: "" },
  {
    path: `/api/svc/listings/%31000001/tags?channel=svc&admin=1`,
    upstream: "/listings/1000001/tags?channel=svc",
  },
  { path: "/api/svc/api_keys?include_secrets=1", upstream: "/api_keys" },
];

export const bffAllowlist: Check = async (servers) => {
  const { result, probe } = tally("BFF allowlist (crafted paths and methods)");
  const cookie = await signIn(servers, { persona: "owner" });
  const write = { ...sameOrigin(servers), "content-type": "application/json", cookie };

  for (const [method, path] of CRAFTED) {
    const { value: answer, reached } = await upstreamDuring(servers, () =>
      send(servers, {
        method,
        path,
        headers: write,
        body: method === "GET" || method === "HEAD" ? undefined : "{}",
      }),
    );
    const refused = answer.status >= 400 && answer.status < 500;
    // Next's own path normalisation (`//` and `\` collapsed, trailing slash dropped) answers
    // 308 to a path of the same origin; that is no way out either.
    const location = answer.headers.location ?? "";
    const normalised =
      answer.status === 308 &&
      location.startsWith("/") &&
      !location.startsWith("//") &&
      new URL(location, servers.dashboard).origin === servers.dashboard;
    probe(
      (refused || normalised) && reached.length === 0,
      () =>
        `${method} ${path}: ${answer.status} ${location}, ${reached.length} request(s) upstream ${reached.map((r) => r.url).join(" ")}`,
    );
  }

  for (const control of CONTROLS) {
    const { value: answer, reached } = await upstreamDuring(servers, () =>
      send(servers, { path: control.path, headers: { cookie } }),
    );
    const ok =
      control.upstream === ""
        ? answer.status === 400 && reached.length === 0
        : answer.status === 200 && reached.length === 1 && reached[0]!.url === control.upstream;
    probe(
      ok,
      () =>
        `GET ${control.path}: ${answer.status}, upstream got ${reached.map((r) => r.url).join(" ") || "nothing"} (expected ${control.upstream || "nothing"})`,
    );
  }

  return result;
};
