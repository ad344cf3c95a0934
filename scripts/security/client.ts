import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import type { SuiteServers } from "./servers";

/**
 * HTTP as an attacker writes it: any method, any raw path, any Host, no browser in between.
 * fetch() would normalise the path, refuse TRACE and fill in Host; node:http with setHost off
 * does neither.
 */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface Probe {
  method?: string;
  path: string;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
  /** Host header; the dashboard's own 127.0.0.1:<port> unless given ("" sends none). */
  host?: string;
  /** Stop reading after this many bytes (streams). */
  readAtMost?: number;
  timeoutMs?: number;
}

export function send(servers: SuiteServers, probe: Probe): Promise<Answer> {
  const host = probe.host ?? `127.0.0.1:${servers.dashboardPort}`;
  const headers: Record<string, string | string[]> = { ...probe.headers };
  if (host !== "") headers.host = host;
  if (probe.body !== undefined) headers["content-length"] = String(Buffer.byteLength(probe.body));
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        hostname: "127.0.0.1",
        port: servers.dashboardPort,
        method: probe.method ?? "GET",
        path: probe.path,
        headers,
        setHost: false,
        timeout: probe.timeoutMs ?? 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: Object.fromEntries(
              Object.entries(res.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]),
            ),
            body: Buffer.concat(chunks).toString("utf8"),
          });
        res.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (probe.readAtMost !== undefined && size >= probe.readAtMost) {
            res.destroy();
            finish();
          }
        });
        res.on("end", finish);
        res.on("error", () => finish());
      },
    );
    req.on("timeout", () => req.destroy(new Error(`timed out: ${probe.method ?? "GET"} ${probe.path}`)));
    req.on("error", reject);
    if (probe.body !== undefined) req.write(probe.body);
    req.end();
  });
}

/** A request line Node's client will not send as asked (CONNECT), written on a bare socket. */
export function sendRaw(servers: SuiteServers, text: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(servers.dashboardPort, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error("raw request timed out")));
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const [head = "", body = ""] = raw.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      resolve({
        status: Number(statusLine.split(" ")[1] ?? 0),
        headers: Object.fromEntries(
          lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
        ),
        body,
      });
    });
    socket.write(text);
  });
}

export const sameOrigin = (servers: SuiteServers) => ({
  "sec-fetch-site": "same-origin",
  origin: servers.dashboard,
});

/** The `rmd_session=…` pair out of a Set-Cookie header. */
export function sessionCookieOf(answer: Answer): string {
  const cookie = (answer.headers["set-cookie"] ?? "").split(/,\s*(?=rmd_session=)/)[0] ?? "";
  const pair = cookie.split(";")[0] ?? "";
  if (!pair.startsWith("rmd_session=") || pair === "rmd_session=") {
    throw new Error(`no session cookie in the answer (${answer.status} ${answer.body.slice(0, 200)})`);
  }
  return pair;
}

export async function signIn(
  servers: SuiteServers,
  body: { persona: string } | { apiKey: string },
): Promise<string> {
  const answer = await send(servers, {
    method: "POST",
    path: "/api/session",
    headers: { ...sameOrigin(servers), "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${answer.body.slice(0, 200)}`);
  return sessionCookieOf(answer);
}

export type Persona = { persona: string; user_id: string; keys: Record<string, string> };

export async function personas(servers: SuiteServers): Promise<Persona[]> {
  const response = await fetch(`${servers.sandbox}/_sandbox/personas`);
  return (await response.json()) as Persona[];
}

/** What the service received while `run` ran. */
export async function upstreamDuring<T>(servers: SuiteServers, run: () => Promise<T>) {
  const before = servers.upstream.length;
  const value = await run();
  // The relay records before forwarding: anything sent during `run` is already here.
  return { value, reached: servers.upstream.slice(before) };
}
