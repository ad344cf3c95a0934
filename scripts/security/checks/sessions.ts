import { request as httpRequest } from "node:http";
import { sameOrigin, send, signIn } from "../client";
import type { SuiteServers } from "../servers";
import { tally, type Check } from "../types";

/**
 * Sign-out and key-revocation replay: a copy of a cookie whose session was signed out, or
 * whose key was revoked through the dashboard, is refused everywhere at once (the BFF, the
 * events stream, the pages, the dashboard's own routes), while the cookie is still fresh in
 * the server's unseal cache.
 */
async function replay(servers: SuiteServers, cookie: string) {
  const where = [
    { path: "/api/svc/listings?per_page=1", refused: (s: number) => s === 401 },
    { path: "/api/svc/api_keys", refused: (s: number) => s === 401 },
    { path: "/api/events", refused: (s: number) => s === 401 },
    { path: "/api/dashboard-webhook", refused: (s: number) => s === 401 },
    { path: "/api/service-status", refused: (s: number) => s === 401 },
    { path: "/listings", refused: (s: number, loc: string) => s === 307 && loc.startsWith("/sign-in") },
    { path: "/", refused: (s: number, loc: string) => s === 307 && loc.startsWith("/sign-in") },
  ];
  const outcomes: Array<{ path: string; ok: boolean; status: number }> = [];
  for (const { path, refused } of where) {
    const answer = await send(servers, {
      path,
      headers: { cookie },
      readAtMost: path === "/api/events" ? 1 : undefined,
    });
    outcomes.push({ path, ok: refused(answer.status, answer.headers.location ?? ""), status: answer.status });
  }
  return outcomes;
}

/** Opens the events stream and resolves when the server ends it (or after `ms`, with false). */
function streamEnds(servers: SuiteServers, cookie: string, ms: number) {
  let ended: (value: boolean) => void = () => {};
  const result = new Promise<boolean>((resolve) => (ended = resolve));
  const opened = new Promise<void>((resolve) => {
    const req = httpRequest(
      { hostname: "127.0.0.1", port: servers.dashboardPort, path: "/api/events", headers: { cookie } },
      (res) => {
        res.once("data", () => resolve());
        res.on("end", () => ended(true));
        res.on("close", () => ended(true));
      },
    );
    req.on("error", () => ended(true));
    req.end();
    setTimeout(() => {
      req.destroy();
      ended(false);
    }, ms).unref();
  });
  return { opened, ended: result };
}

export const sessionReplay: Check = async (servers) => {
  const { result, probe } = tally("Sign-out and key-revocation replay");

  // Sign-out: the copy is used first (so its seal sits in the cache), then replayed.
  for (const persona of ["owner", "viewer", "outsider"]) {
    const cookie = await signIn(servers, { persona });
    const before = await replay(servers, cookie);
    for (const b of before) probe(!b.ok, () => `${persona}: ${b.path} refused before sign-out (${b.status})`);
    const stream = streamEnds(servers, cookie, 5000);
    await stream.opened;
    const out = await send(servers, {
      method: "DELETE",
      path: "/api/session",
      headers: { ...sameOrigin(servers), cookie },
    });
    probe(out.status === 204, () => `${persona}: sign-out answered ${out.status}`);
    probe(await stream.ended, () => `${persona}: the open events stream stayed open after sign-out`);
    for (const r of await replay(servers, cookie)) {
      probe(r.ok, () => `${persona}: ${r.path} still answers ${r.status} to a signed-out cookie`);
    }
  }

  // Key revocation: a fresh key, two sessions on it, revoked from the owner's own session.
  const owner = await signIn(servers, { persona: "owner" });
  const created = await send(servers, {
    method: "POST",
    path: "/api/svc/api_keys",
    headers: { ...sameOrigin(servers), "content-type": "application/json", cookie: owner },
    body: JSON.stringify({ name: "security suite" }),
  });
  const { key, token_id } = JSON.parse(created.body) as { key: string; token_id: string };
  const sessions = [await signIn(servers, { apiKey: key }), await signIn(servers, { apiKey: key })];
  for (const cookie of sessions) {
    const ok = await send(servers, { path: "/api/svc/api_keys", headers: { cookie } });
    probe(ok.status === 200, () => `a session on the new key answered ${ok.status} before revocation`);
  }
  const stream = streamEnds(servers, sessions[0]!, 5000);
  await stream.opened;
  const revoked = await send(servers, {
    method: "DELETE",
    path: `/api/svc/api_keys/${token_id}`,
    headers: { ...sameOrigin(servers), cookie: owner },
  });
  probe(revoked.status === 200, () => `revoking answered ${revoked.status}`);
  probe(await stream.ended, () => "the open events stream of a revoked key stayed open");
  for (const cookie of sessions) {
    for (const r of await replay(servers, cookie)) {
      probe(r.ok, () => `revoked key: ${r.path} still answers ${r.status}`);
    }
  }
  return result;
};
