import { send, signIn, type Probe } from "../client";
import type { SuiteServers } from "../servers";
import { tally, type Check } from "../types";

/**
 * Cross-site writes: every write the dashboard serves, with every Sec-Fetch-Site value and
 * Origin a browser can send (and their absence). Only the dashboard's own pages may write:
 * Sec-Fetch-Site same-origin, or, from a browser too old to send it, an Origin of this server.
 */
const SITES = [undefined, "same-origin", "same-site", "cross-site", "none"] as const;

function origins(servers: SuiteServers) {
  const port = servers.dashboardPort;
  return {
    same: [servers.dashboard, `http://localhost:${port}`],
    foreign: [
      "null",
      "http://evil.example",
      `http://localhost:${port + 1}`,
      `https://127.0.0.1:${port}`,
      `http://127.0.0.1:${port}.evil.example`,
      `http://127.0.0.2:${port}`,
    ],
  };
}

export const crossSiteWrites: Check = async (servers) => {
  const { result, probe } = tally("Cross-site writes (Origin × Sec-Fetch-Site)");
  const cookie = await signIn(servers, { persona: "owner" });
  const json = { "content-type": "application/json" };
  const writes: Array<{ name: string; probe: Omit<Probe, "headers">; headers: Record<string, string> }> = [
    {
      name: "PUT tags (BFF)",
      probe: { method: "PUT", path: "/api/svc/listings/1000001/tags?channel=svc", body: '{"tags":["csrf"]}' },
      headers: { ...json, cookie },
    },
    {
      name: "DELETE a webhook (BFF)",
      probe: { method: "DELETE", path: "/api/svc/webhooks/whk_0000000000000000" },
      headers: { cookie },
    },
    {
      name: "POST sign-in",
      probe: { method: "POST", path: "/api/session", body: '{"persona":"viewer"}' },
      headers: json,
    },
    { name: "DELETE sign-out", probe: { method: "DELETE", path: "/api/session" }, headers: {} },
    {
      name: "DELETE the receiver connection",
      probe: { method: "DELETE", path: "/api/dashboard-webhook" },
      headers: { cookie },
    },
    {
      name: "POST rotate the receiver secret",
      probe: { method: "POST", path: "/api/dashboard-webhook/rotate" },
      headers: { cookie },
    },
  ];
  const { same, foreign } = origins(servers);

  for (const write of writes) {
    for (const site of SITES) {
      for (const origin of [undefined, ...same, ...foreign]) {
        const headers: Record<string, string> = { ...write.headers };
        if (site) headers["sec-fetch-site"] = site;
        if (origin) headers.origin = origin;
        const answer = await send(servers, { ...write.probe, headers });
        const refused = answer.status === 403 && answer.body.includes("cross_site_write");
        const shouldPass =
          site === "same-origin" || (site === undefined && origin !== undefined && same.includes(origin));
        probe(
          shouldPass ? !refused && answer.status < 500 : refused,
          () =>
            `${write.name} Sec-Fetch-Site=${site ?? "(none)"} Origin=${origin ?? "(none)"}: ${answer.status} (expected ${shouldPass ? "accepted" : "403 cross_site_write"})`,
        );
      }
    }
  }
  return result;
};
