/**
 * A webhook receiver for tests and the bench: a node:http server on 127.0.0.1 that records
 * every request (raw body, headers, arrival time) and answers per path from a programmable
 * script. Its signature check is its own HMAC code, independent of the service's signer.
 * No test framework here: the bench uses it too.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Sandbox } from "./app";

/** How the receiver answers a request. */
export type Behaviour =
  | "ok" // 200 {"received": true}
  | "fail" // 500
  | "redirect" // 302 to /elsewhere
  | "reset" // destroys the socket without answering
  | "html" // 200 with a large text/html page
  | { slowMs: number }; // answers 200 after this long

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Real time, Date.now(), when the body had arrived. */
  atMs: number;
}

export const HTML_PAGE = `<!doctype html><html><head><title>Welcome</title></head><body>${"<p>hello</p>".repeat(400)}</body></html>`;

export interface Receiver {
  /** Base URL, `http://127.0.0.1:<port>`. */
  url: string;
  received: Received[];
  /** Requests that arrived at one path. */
  at(path: string): Received[];
  /** Real times at which the sender gave up on a request to this path before it was answered. */
  abandoned(path: string): number[];
  /** Sets how one path answers; a list is consumed one answer per request, its last entry repeating. */
  script(path: string, ...behaviours: Behaviour[]): void;
  close(): Promise<void>;
}

export async function startReceiver(defaultBehaviour: Behaviour = "ok"): Promise<Receiver> {
  const scripts = new Map<string, Behaviour[]>();
  const received: Received[] = [];
  const abandoned: Array<{ path: string; atMs: number }> = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = (req.url ?? "/").split("?")[0]!;
      received.push({
        path,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        atMs: Date.now(),
      });
      const list = scripts.get(path);
      const behaviour =
        list && list.length > 0 ? (list.length > 1 ? list.shift()! : list[0]!) : defaultBehaviour;
      if (behaviour === "ok") {
        res.writeHead(200, { "content-type": "application/json" }).end('{"received":true}');
      } else if (behaviour === "fail") {
        res
          .writeHead(500, { "content-type": "application/json" })
          .end('{"error":"receiver failed on purpose"}');
      } else if (behaviour === "redirect") {
        res.writeHead(302, { location: "/elsewhere" }).end();
      } else if (behaviour === "reset") {
        req.socket.destroy();
      } else if (behaviour === "html") {
        res.writeHead(200, { "content-type": "text/html" }).end(HTML_PAGE);
      } else {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) res.writeHead(200, { "content-type": "application/json" }).end('{"slow":true}');
        }, behaviour.slowMs);
        timers.add(timer);
        res.on("close", () => {
          if (!res.writableEnded) abandoned.push({ path, atMs: Date.now() });
        });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    at: (path) => received.filter((r) => r.path === path),
    abandoned: (path) => abandoned.filter((a) => a.path === path).map((a) => a.atMs),
    script(path, ...behaviours) {
      scripts.set(path, behaviours);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Parses `t=<unix>,v1=<hex>`. */
export function parseSignature(header: string | string[] | undefined): { t: number; v1: string } | null {
  if (typeof header !== "string") return null;
  const parts = new Map(header.split(",").map((kv) => kv.split("=", 2) as [string, string]));
  const t = Number(parts.get("t"));
  const v1 = parts.get("v1");
  if (!Number.isInteger(t) || !v1 || !/^[0-9a-f]{64}$/.test(v1)) return null;
  return { t, v1 };
}

/**
 * What a receiver does (docs/interface.md, Delivery rule 5), written independently of the service:
 * HMAC-SHA256 keyed with the secret over `<t>.<raw body>`, compared in constant time, and
 * `t` no older than the tolerance (five minutes) against the receiver's own clock.
 */
export function verifySignature(
  secret: string,
  header: string | string[] | undefined,
  rawBody: string,
  { toleranceSeconds = 300, nowSeconds = Math.floor(Date.now() / 1000) } = {},
): boolean {
  const parsed = parseSignature(header);
  if (!parsed) return false;
  if (Math.abs(nowSeconds - parsed.t) > toleranceSeconds) return false;
  const mac = createHmac("sha256", secret);
  mac.update(String(parsed.t));
  mac.update(".");
  mac.update(rawBody);
  const expected = Buffer.from(mac.digest("hex"), "utf8");
  const given = Buffer.from(parsed.v1, "utf8");
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Advances the service clock through `/_sandbox/clock` (which runs whatever falls due). */
export async function advance(sandbox: Sandbox, seconds: number): Promise<void> {
  const res = await sandbox.app.request("/_sandbox/clock", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ advance_seconds: seconds }),
  });
  if (res.status !== 200) throw new Error(`POST /_sandbox/clock answered ${res.status}: ${await res.text()}`);
}

/** Moves the service clock to one second after the start of a five-minute batch window. */
export async function alignToBatchWindow(sandbox: Sandbox): Promise<void> {
  const into = sandbox.ctx.clock.nowMs() % 300_000;
  await advance(sandbox, Math.ceil((300_000 - into) / 1000) + 1);
}
