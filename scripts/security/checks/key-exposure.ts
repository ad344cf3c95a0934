import { readdirSync } from "node:fs";
import path from "node:path";
import { endpointList } from "../../../lib/svc/endpoints";
import { personas, sameOrigin, send, sessionCookieOf } from "../client";
import { tally, type Check } from "../types";

/**
 * Key exposure: no persona's API key (of any kind) appears in any page, any script chunk, any
 * JSON answer the browser can get, or the dashboard's log.
 */
const PAGES = [
  "/",
  "/listings",
  "/sets",
  "/sets/new",
  "/segments",
  "/market",
  "/webhooks",
  "/webhooks/inbox",
  "/usage",
  "/api-keys",
  "/team",
  "/notifications",
  "/sign-in?expired=1",
];

/** Every script chunk of the build, as the server serves it. */
function scriptChunks(): string[] {
  const root = path.join(".next", "static");
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".js"))
        found.push(`/_next/static/${path.relative(root, full).split(path.sep).join("/")}`);
    }
  };
  walk(root);
  return found;
}

/** GET endpoints of the contract that need no path parameter: their JSON answers are scanned. */
const PARAMLESS_GETS = endpointList
  .filter((e) => e.method === "GET" && !e.path.includes("{"))
  .map((e) => e.path);

export const keyExposure: Check = async (servers) => {
  const { result, probe } = tally("Key exposure (pages, scripts, JSON, log)");
  const everyone = await personas(servers);
  const keys = everyone.flatMap((p) => Object.values(p.keys));
  const leaked = (text: string) => keys.find((k) => text.includes(k));

  for (const chunk of scriptChunks()) {
    const answer = await send(servers, { path: chunk });
    probe(
      answer.status === 200 && !leaked(answer.body),
      () => `${chunk}: ${answer.status}${leaked(answer.body) ? " contains a key" : ""}`,
    );
  }

  // A listing's workspace and a set's page too: the owner's first listing and first set.
  const ownerKey = everyone.find((p) => p.persona === "owner")!.keys.standard!;
  const asOwner = async <T>(path: string) =>
    (await (await fetch(`${servers.sandbox}${path}`, { headers: { "x-api-key": ownerKey } })).json()) as T;
  const [listing] = await asOwner<Array<{ svc_id: string }>>("/listings?per_page=1");
  const [set] = await asOwner<Array<{ id: string }>>("/sets?per_page=1");
  const pages = [...PAGES, `/listings/${listing!.svc_id}`, `/sets/${set!.id}`];

  for (const persona of everyone) {
    const signedIn = await send(servers, {
      method: "POST",
      path: "/api/session",
      headers: { ...sameOrigin(servers), "content-type": "application/json" },
      body: JSON.stringify({ persona: persona.persona }),
    });
    const cookie = sessionCookieOf(signedIn);
    probe(!leaked(signedIn.body), () => `POST /api/session as ${persona.persona} answers with a key`);
    for (const page of pages) {
      const answer = await send(servers, { path: page, headers: { cookie } });
      // Another persona may not see the owner's listing or set: its page says so, with no key.
      probe(
        (answer.status === 200 || answer.status === 404) && !leaked(answer.body),
        () =>
          `${page} as ${persona.persona}: ${answer.status}${leaked(answer.body) ? " contains a key" : ""}`,
      );
    }
    for (const api of [
      ...PARAMLESS_GETS.map((p) => `/api/svc${p}`),
      "/api/dashboard-webhook",
      "/api/dashboard-webhook/inbox",
      "/api/service-status",
    ]) {
      const answer = await send(servers, { path: api, headers: { cookie } });
      probe(
        answer.status < 500 && !leaked(answer.body),
        () => `${api} as ${persona.persona}: ${answer.status}${leaked(answer.body) ? " contains a key" : ""}`,
      );
    }
    const stream = await send(servers, { path: "/api/events", headers: { cookie }, readAtMost: 1 });
    probe(!leaked(stream.body), () => `/api/events as ${persona.persona} contains a key`);
  }

  // Last: everything above has been logged by now.
  probe(!leaked(servers.log()), () => "the dashboard's log contains a key");
  return result;
};
