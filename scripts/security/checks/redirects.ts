import { send, signIn } from "../client";
import { tally, type Check } from "../types";

/**
 * The redirect corpus for `next`: a signed-in visit to /sign-in?next=… redirects at once, so
 * the Location it answers is exactly where sign-in sends the user. It must resolve to the
 * dashboard's own origin, whatever `next` says.
 */
export const FOREIGN_NEXT = [
  "//evil.example",
  "///evil.example",
  "////evil.example/x",
  "/\\evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "\\/evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  " //evil.example",
  "/.//evil.example",
  "/./\\evil.example",
  "/%2F/evil.example",
  "/%5Cevil.example",
  "/%09/evil.example",
  "https://evil.example",
  "https:evil.example",
  "http:/evil.example",
  "//evil.example@localhost",
  "//localhost@evil.example",
  "http://localhost:1/",
  "http://127.0.0.1.nip.io/",
  "javascript:alert(document.domain)",
  "JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "evil.example",
  "@evil.example",
  "\uff0f\uff0fevil.example",
  "/\u3002evil.example",
  "//evil%E3%80%82example",
  "/api/svc/api_keys",
  "/sign-in?next=//evil.example",
  "x".repeat(3000),
];
const SAME_SITE = ["/listings", "/sets?kind=dynamic#top", "/usage?days=7"];

export const signInRedirects: Check = async (servers) => {
  const { result, probe } = tally("Sign-in redirect (next)");
  const cookie = await signIn(servers, { persona: "viewer" });
  const base = new URL(servers.dashboard);
  for (const next of [...FOREIGN_NEXT, ...SAME_SITE]) {
    for (const query of [
      `next=${encodeURIComponent(next)}`,
      `next=${encodeURI(next).replace(/#/g, "%23")}`,
    ]) {
      const answer = await send(servers, { path: `/sign-in?${query}`, headers: { cookie } });
      const location = answer.headers.location ?? "";
      let target: URL | null = null;
      try {
        target = new URL(location, base);
      } catch {
        target = null;
      }
      const sameOrigin =
        target !== null &&
        target.origin === base.origin &&
        location.startsWith("/") &&
        !location.startsWith("//");
      // A foreign `next` may fall back to the Overview or stay a harmless path of ours; a
      // same-site one is followed.
      const expected = SAME_SITE.includes(next) ? target?.pathname === new URL(next, base).pathname : true;
      probe(
        answer.status === 307 && sameOrigin && expected,
        () =>
          `next=${JSON.stringify(next.slice(0, 60))}: ${answer.status} Location ${JSON.stringify(location.slice(0, 80))}`,
      );
    }
  }
  return result;
};
