/**
 * Where sign-in may send the user afterwards. `next` comes from the address bar, so it is
 * attacker-controlled: it is resolved by the URL parser against the dashboard's own origin
 * (the way a browser would resolve it), and only a path on that same origin comes back.
 * Backslashes, tabs, `//host`, `/\host`, schemes and encoded tricks all resolve to another
 * origin or to an odd path and are refused; the Overview (`/`) is the fallback.
 */
export const AFTER_SIGN_IN_DEFAULT = "/";

/** Paths that are never a sensible place to land: the API, and sign-in itself (a loop). */
const NOT_A_DESTINATION = /^\/(api|_next)(\/|$)|^\/sign-in(\/|$)/;

export function safeNext(next: string | string[] | undefined | null, origin: string): string {
  if (typeof next !== "string" || next === "" || next.length > 2048) return AFTER_SIGN_IN_DEFAULT;
  // Only a path is accepted as written: anything else ("evil.com", "https:…") is not one of ours.
  if (!next.startsWith("/")) return AFTER_SIGN_IN_DEFAULT;
  let base: URL;
  let resolved: URL;
  try {
    base = new URL(origin);
    resolved = new URL(next, base);
  } catch {
    return AFTER_SIGN_IN_DEFAULT;
  }
  if (resolved.origin !== base.origin) return AFTER_SIGN_IN_DEFAULT;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  // The parser normalises `/\evil.com` and `/%09/evil.com` into paths that begin with `//`
  // only when the origin differs; a leading `//` here would still be read as a host later.
  if (path.startsWith("//") || NOT_A_DESTINATION.test(resolved.pathname)) return AFTER_SIGN_IN_DEFAULT;
  return path;
}
