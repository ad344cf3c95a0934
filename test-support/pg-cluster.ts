/**
 * A throw-away PostgreSQL cluster for the tests: initdb in a fresh temporary directory, a
 * server on a free loopback port (its unix socket in that directory too, so nothing touches
 * /var/run), trust authentication, and on stop the server killed and the directory removed.
 * PostgreSQL refuses to run as root, so as root (here and in CI) every command runs as the
 * `postgres` user through runuser, and the directory is handed to that user first.
 *
 * It never skips: when PostgreSQL cannot start, `startCluster` rejects with one sentence.
 */
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

export const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

export interface Cluster {
  /** A superuser URL of the cluster's `postgres` database. */
  url: string;
  /** Stops the server but keeps its data: the database "goes down" (fault tests). */
  pause(): Promise<void>;
  /** Starts the paused server again on the same port, with the same data. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/** A single-sentence error: Vitest prints the message, and there is no stack to print. */
export class ClusterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ClusterError";
    this.stack = message;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program, as `postgres` when we are root; its stderr on failure. */
function run(program: string, args: string[]): void {
  const [file, argv] = asRoot
    ? ["runuser", ["-u", "postgres", "--", path.join(PG_BIN, program), ...args]]
    : [path.join(PG_BIN, program), args];
  execFileSync(file, argv, { stdio: ["ignore", "pipe", "pipe"], timeout: 60_000 });
}

const lastLine = (text: string) =>
  text
    .trim()
    .split("\n")
    .filter((line) => line.trim())
    .at(-1)
    ?.trim() ?? "";

export async function startCluster(): Promise<Cluster> {
  if (!existsSync(path.join(PG_BIN, "initdb"))) {
    throw new ClusterError(
      `PostgreSQL 15 is not installed (no ${PG_BIN}/initdb): install postgresql-15, or set PG_BIN to its bin directory.`,
    );
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "rd-pg-"));
  const data = path.join(dir, "data");
  const log = path.join(dir, "server.log");
  if (asRoot) {
    const ids = execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim();
    const gid = execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim();
    chownSync(dir, Number(ids), Number(gid));
  }
  const remove = () => rmSync(dir, { recursive: true, force: true });
  const port = await freePort();
  let options = "";
  const startServer = () => run("pg_ctl", ["-D", data, "-l", log, "-o", options, "-w", "-t", "60", "start"]);
  try {
    run("initdb", [
      "-D",
      data,
      "-U",
      "postgres",
      "-A",
      "trust",
      "-E",
      "UTF8",
      "--no-sync",
      "--no-instructions",
    ]);
    // Durability is not what these tests measure: fsync off keeps the suite fast.
    options = [
      `-p ${port}`,
      "-c listen_addresses=127.0.0.1",
      `-c unix_socket_directories=${dir}`,
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
      "-c max_connections=200",
    ].join(" ");
    startServer();
  } catch (error) {
    const detail = existsSync(log)
      ? lastLine(readFileSync(log, "utf8"))
      : lastLine(String((error as { stderr?: unknown }).stderr ?? "")) ||
        (error instanceof Error ? error.message : String(error));
    remove();
    throw new ClusterError(`PostgreSQL could not start for the tests: ${detail.replace(/\.$/, "")}.`);
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async pause() {
      run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
    },
    async resume() {
      startServer();
    },
    async stop() {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        remove();
      }
    },
  };
}
