/**
 * Child servers for the benches: started in their own process groups and always stopped on
 * the way out (errors, Ctrl-C, SIGTERM, a time cap), plus the plain HTTP the set-up steps use.
 */
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export type Child = { name: string; proc: ChildProcess; tail: string[]; stopped?: boolean };
export const children: Child[] = [];
let stopping = false;

export function alive(child: Child) {
  return child.proc.exitCode === null && child.proc.signalCode === null;
}

function signalChild(child: Child, name: NodeJS.Signals) {
  if (!alive(child) || child.proc.pid === undefined) return;
  try {
    process.kill(-child.proc.pid, name); // its own process group (detached): it and anything it spawned
  } catch {
    try {
      child.proc.kill(name);
    } catch {
      // already gone
    }
  }
}

function signalAll(name: NodeJS.Signals) {
  for (const child of children) signalChild(child, name);
}

/** Stops one server (its process group) before the others, e.g. between two runs of a bench. */
export async function stopChild(child: Child) {
  child.stopped = true;
  signalChild(child, "SIGTERM");
  const deadline = Date.now() + 4000;
  while (alive(child) && Date.now() < deadline) await sleep(50);
  signalChild(child, "SIGKILL");
  while (alive(child) && Date.now() < deadline + 1000) await sleep(50);
}

export async function stopChildren() {
  if (stopping) return;
  stopping = true;
  signalAll("SIGTERM");
  const deadline = Date.now() + 4000;
  while (children.some(alive) && Date.now() < deadline) await sleep(50);
  signalAll("SIGKILL");
}

process.on("exit", () => signalAll("SIGKILL")); // last resort, synchronous
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
  ["SIGHUP", 129],
] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the servers.`);
    void stopChildren().finally(() => process.exit(code));
  });
}

export function start(name: string, args: string[], env: Record<string, string>): Child {
  const proc = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const child: Child = { name, proc, tail: [] };
  const keep = (data: Buffer) => {
    child.tail.push(data.toString("utf8"));
    if (child.tail.length > 40) child.tail.shift();
  };
  proc.stdout?.on("data", keep);
  proc.stderr?.on("data", keep);
  proc.on("exit", (code, signal) => {
    if (!stopping && !child.stopped)
      console.error(`${name} exited unexpectedly (${signal ?? `exit ${code}`}).`);
  });
  children.push(child);
  return child;
}

export class SetupError extends Error {}

export function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}

/** Whether something already listens on the port (then we would measure the wrong server). */
export function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** A port nothing listens on now (the OS picks it), for a server the bench starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs a bench's `main` and exits with its code: 1 when it could not set up (SetupError) or a
 * server it started died; a failure mid-measurement is reported but exits 0 (a benchmark does
 * not fail on its figures). `cleanup`, then the servers' stop, run whatever happens.
 */
export async function runBench(main: () => Promise<number>, cleanup?: () => void): Promise<never> {
  let exitCode = 0;
  try {
    exitCode = await main();
  } catch (error) {
    if (error instanceof SetupError) {
      console.error(`\nThe bench could not run: ${error.message}`);
      exitCode = 1;
    } else {
      console.error(
        `\nThe bench stopped early: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      exitCode = children.length && !children.every(alive) ? 1 : 0;
    }
  } finally {
    cleanup?.();
    await stopChildren();
  }
  process.exit(exitCode);
}

// ---------------------------------------------------------------------------------------------
// Plain HTTP for the setup steps (node:http, no keep-alive)

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

export function call(
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: string,
  timeoutMs = 5000,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = http.request(
      { host: u.hostname, port: u.port, path: u.pathname + u.search, method, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end(body);
  });
}

export async function waitFor(url: string, child: Child, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive(child)) break;
    try {
      const answer = await call("GET", url, {}, undefined, 5000);
      if (answer.status < 500) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  const why = alive(child) ? `did not answer ${url} within ${timeoutMs / 1000} s` : "exited during start-up";
  throw new SetupError(`${child.name} ${why}. Its last output:\n${child.tail.join("").slice(-3000)}`);
}
