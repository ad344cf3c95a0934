import { send, signIn } from "../client";
import { tally, type Check } from "../types";

/**
 * Security headers on every page and API answer: a CSP (pages: nonce and strict-dynamic, no
 * unsafe-eval; API: nothing allowed), frame-ancestors 'none', nosniff, a referrer policy, and
 * HSTS when served over https (here: behind a proxy that says so).
 */
const PAGES = [
  "/sign-in",
  "/",
  "/listings",
  "/sets",
  "/webhooks",
  "/usage",
  "/api-keys",
  "/notifications",
  "/no-such-page",
];
const APIS = [
  "/api/svc/listings?per_page=1",
  "/api/svc/api_keys",
  "/api/dashboard-webhook",
  "/api/service-status",
  "/api/svc/nope",
];

export const securityHeaders: Check = async (servers) => {
  const { result, probe } = tally("Security headers (CSP, nosniff, HSTS)");
  const cookie = await signIn(servers, { persona: "owner" });
  const nonces = new Set<string>();

  for (const https of [false, true]) {
    const extra: Record<string, string> = https ? { "x-forwarded-proto": "https" } : {};
    for (const path of PAGES) {
      const answer = await send(servers, { path, headers: { cookie, ...extra } });
      const csp = answer.headers["content-security-policy"] ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      if (nonce) nonces.add(nonce);
      const inlineScripts = [...answer.body.matchAll(/<script(?![^>]*\bsrc=)[^>]*>/g)].map((m) => m[0]);
      const ok =
        /script-src 'self' 'nonce-[^']+' 'strict-dynamic'/.test(csp) &&
        !csp.includes("unsafe-eval") &&
        csp.includes("frame-ancestors 'none'") &&
        csp.includes("object-src 'none'") &&
        // Every inline script of the page carries this response's nonce.
        inlineScripts.every((tag) => nonce !== undefined && tag.includes(`nonce="${nonce}"`)) &&
        answer.headers["x-content-type-options"] === "nosniff" &&
        answer.headers["referrer-policy"] === "same-origin" &&
        (https
          ? /^max-age=\d{7,}/.test(answer.headers["strict-transport-security"] ?? "")
          : !answer.headers["strict-transport-security"]);
      probe(
        ok,
        () =>
          `${path}${https ? " (https)" : ""}: CSP ${JSON.stringify(csp.slice(0, 120))}, ${inlineScripts.length} inline scripts, HSTS ${answer.headers["strict-transport-security"] ?? "none"}`,
      );
    }
    for (const path of APIS) {
      const answer = await send(servers, { path, headers: { cookie, ...extra } });
      const csp = answer.headers["content-security-policy"] ?? "";
      const ok =
        csp.startsWith("default-src 'none'") &&
        csp.includes("frame-ancestors 'none'") &&
        answer.headers["x-content-type-options"] === "nosniff" &&
        (https
          ? Boolean(answer.headers["strict-transport-security"])
          : !answer.headers["strict-transport-security"]);
      probe(ok, () => `${path}${https ? " (https)" : ""}: CSP ${JSON.stringify(csp)}`);
    }
  }
  probe(
    nonces.size === PAGES.length * 2,
    () => `nonces were reused: ${nonces.size} distinct for ${PAGES.length * 2} pages`,
  );
  return result;
};
