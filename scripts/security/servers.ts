import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { dashboardProcess, referenceServiceProcess } from "../server-pair.mjs";

/**
 * The servers the suite probes, on free loopback ports, started and stopped by the suite:
 * the reference service (in memory), a recording relay in front of it (so the suite sees
 * exactly what the dashboard sent upstream), and the built dashboard behind scripts/serve.mjs.
 */
export interface UpstreamRecord {
  method: string;
  /** Path and query as they reached the service. */
  url: string;
}

export interface SuiteServers {
  /** `http://127.0.0.1:<port>` of the dashboard. */
  dashboard: string;
  dashboardPort: number;
  sandbox: string;
  dataDir: string;
  sessionSecret: string;
  /** What reached the service so far (the relay's log). */
  upstream: UpstreamRecord[];
  /** The dashboard's output so far (stdout and stderr). */
  log(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function waitFor(url: string, child: ChildProcess, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}) before answering`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  throw new Error(`${what} did not answer within ${ms / 1000} s`);
}

function relay(target: number, records: UpstreamRecord[]): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    records.push({ method: req.method ?? "", url: req.url ?? "" });
    const forward = httpRequest(
      { hostname: "127.0.0.1", port: target, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ server, port: (server.address() as AddressInfo).port })),
  );
}

const stopChild = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        const force = setTimeout(() => child.kill("SIGKILL"), 3000);
        child.once("exit", () => {
          clearTimeout(force);
          resolve();
        });
        child.kill("SIGTERM");
      });

export async function startServers(): Promise<SuiteServers> {
  const [sandboxPort, dashboardPort] = [await freePort(), await freePort()];
  const sessionSecret = randomBytes(32).toString("hex");
  const dataDir = path.join(".data", "security-suite");
  rmSync(dataDir, { recursive: true, force: true });

  // The suite sends hundreds of requests a minute as each persona.
  const service = referenceServiceProcess({
    port: sandboxPort,
    env: { SANDBOX_RATE_LIMIT_PER_MINUTE: "100000" },
  });
  const sandbox = spawn(process.execPath, service.args, {
    env: { ...process.env, ...service.env },
    stdio: "ignore",
  });
  const upstream: UpstreamRecord[] = [];
  const front = await relay(sandboxPort, upstream);

  let output = "";
  // The dashboard talks to the relay, which records what reaches the service.
  const server = dashboardProcess({
    port: dashboardPort,
    servicePort: front.port,
    dataDir,
    env: { SESSION_SECRET: sessionSecret, DASHBOARD_ORIGIN: "", ALLOWED_HOSTS: "" },
  });
  const dashboard = spawn(process.execPath, server.args, {
    env: { ...process.env, ...server.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  dashboard.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  dashboard.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));

  const stop = async () => {
    await Promise.all([stopChild(dashboard), stopChild(sandbox)]);
    front.server.closeAllConnections();
    await new Promise((resolve) => front.server.close(resolve));
  };
  try {
    await waitFor(service.readyUrl, sandbox, "The reference service");
    await waitFor(server.readyUrl, dashboard, "The dashboard");
  } catch (error) {
    await stop();
    throw error;
  }
  upstream.length = 0;
  return {
    dashboard: `http://127.0.0.1:${dashboardPort}`,
    dashboardPort,
    sandbox: `http://127.0.0.1:${sandboxPort}`,
    dataDir,
    sessionSecret,
    upstream,
    log: () => output,
    stop,
  };
}
