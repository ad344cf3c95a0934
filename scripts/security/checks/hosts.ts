import { personas, send, sendRaw } from "../client";
import { tally, type Check } from "../types";

/**
 * The Host corpus: a DNS-rebinding page reaches the dashboard with its own name as Host. Any
 * Host but the dashboard's own names is refused (421, or 400 when Node cannot parse it) on
 * pages, the BFF, sign-in and the receiver, before anything runs.
 */
export const hostHeaders: Check = async (servers) => {
  const { result, probe } = tally("Host header (DNS rebinding)");
  const port = servers.dashboardPort;
  const foreign = [
    `evil.example:${port}`,
    "evil.example",
    `rebind.attacker.test:${port}`,
    `127.0.0.1.nip.io:${port}`,
    `localhost.evil.example:${port}`,
    `127.0.0.2:${port}`,
    `0.0.0.0:${port}`,
    `10.0.0.1:${port}`,
    `192.168.1.1:${port}`,
    `[::ffff:127.0.0.1]:${port}`,
    `[::]:${port}`,
    `localhost:${port}@evil.example`,
    `evil.example#localhost:${port}`,
    `localhost:${port}/x`,
    `localhost:99999`,
    `${"a".repeat(400)}:${port}`,
    "",
  ];
  const own = [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, "localhost", `[::1]:${port}`];
  const owner = (await personas(servers)).find((p) => p.persona === "owner")!;
  const targets = [
    { method: "GET", path: "/sign-in" },
    { method: "GET", path: "/listings" },
    { method: "GET", path: "/api/svc/listings" },
    { method: "POST", path: "/api/session", body: JSON.stringify({ persona: "owner" }) },
    { method: "POST", path: "/api/session", body: JSON.stringify({ apiKey: owner.keys.standard }) },
    { method: "POST", path: "/api/webhooks/snk_0000000000000000000000", body: "{}" },
    { method: "GET", path: "/api/events" },
  ];

  for (const target of targets) {
    for (const host of foreign) {
      const answer = await send(servers, {
        ...target,
        host,
        headers: { "sec-fetch-site": "same-origin", "content-type": "application/json" },
      });
      probe(
        (answer.status === 421 || answer.status === 400) &&
          !(answer.headers["set-cookie"] ?? "").includes("rmd_session"),
        () => `${target.method} ${target.path} Host=${JSON.stringify(host.slice(0, 60))}: ${answer.status}`,
      );
    }
  }
  for (const host of own) {
    const answer = await send(servers, { path: "/sign-in", host });
    probe(
      answer.status === 200,
      () => `GET /sign-in Host=${host}: ${answer.status} (the dashboard's own name must answer)`,
    );
  }
  // Two Host headers: ambiguous, refused.
  const twice = await sendRaw(
    servers,
    `GET /sign-in HTTP/1.1\r\nHost: localhost:${port}\r\nHost: evil.example\r\nConnection: close\r\n\r\n`,
  );
  probe(twice.status === 400 || twice.status === 421, () => `two Host headers: ${twice.status}`);
  return result;
};
