import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "@/test-support/pg-database";
import {
  BAD_CLAIM_LEASE,
  BAD_POOL_SIZE,
  claimLeaseFrom,
  MALFORMED_DATABASE_URL,
  openDashboardStore,
  storeChoiceFrom,
} from "@/lib/server/store-select";

/**
 * Which store the environment selects, and start-up with a bad DATABASE_URL: the start-up
 * path (openOrStop, as instrumentation.ts calls it) runs in a child Node process, so that
 * "stops the process" is observed, not assumed.
 */
const SELECT_MODULE = fileURLToPath(new URL("./store-select.ts", import.meta.url));
let dataDir: string;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "rd-select-"));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs the start-up path with `env` in a child process; its exit code and output. */
function startUp(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const script = `
    const { openOrStop, openDashboardStore } = await import(${JSON.stringify(SELECT_MODULE)});
    await openOrStop(async () => {
      const store = await openDashboardStore(process.env, { dataDir: ${JSON.stringify(dataDir)}, sessionSecret: "s".repeat(32) });
      console.log("opened");
      await store.close();
    });`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      // Only what the case sets: no DATABASE_URL of the test run's own leaks in.
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", ...env } as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe("the store the environment selects", () => {
  it("no DATABASE_URL (or an empty one) keeps the SQLite file", () => {
    expect(storeChoiceFrom({})).toEqual({ engine: "sqlite" });
    expect(storeChoiceFrom({ DATABASE_URL: " ", DATABASE_POOL_SIZE: "nonsense" })).toEqual({
      engine: "sqlite",
    });
  });

  it("postgres:// and postgresql:// select PostgreSQL, with a pool of 10 unless DATABASE_POOL_SIZE says", () => {
    expect(storeChoiceFrom({ DATABASE_URL: "postgres://u:p@db.internal:5432/rates" })).toEqual({
      engine: "postgres",
      url: "postgres://u:p@db.internal:5432/rates",
      poolSize: 10,
    });
    expect(
      storeChoiceFrom({ DATABASE_URL: "postgresql://db.internal/rates", DATABASE_POOL_SIZE: "25" }),
    ).toMatchObject({ engine: "postgres", poolSize: 25 });
  });

  it("anything else is refused in one sentence that repeats no part of the URL", () => {
    for (const url of ["mysql://u:secret@db/rates", "db.internal:5432", "postgres://u:secret@db:port/x"]) {
      expect(() => storeChoiceFrom({ DATABASE_URL: url })).toThrow(MALFORMED_DATABASE_URL);
    }
    for (const size of ["0", "101", "2.5", "ten"]) {
      expect(() =>
        storeChoiceFrom({ DATABASE_URL: "postgres://db/rates", DATABASE_POOL_SIZE: size }),
      ).toThrow(BAD_POOL_SIZE);
    }
  });

  it("a claim lasts 60 s unless WEBHOOK_CLAIM_LEASE_SECONDS says, a whole number from 1 to 3600, else one sentence", () => {
    expect(claimLeaseFrom({})).toBe(60_000);
    expect(claimLeaseFrom({ WEBHOOK_CLAIM_LEASE_SECONDS: " " })).toBe(60_000);
    expect(claimLeaseFrom({ WEBHOOK_CLAIM_LEASE_SECONDS: "3" })).toBe(3_000);
    for (const lease of ["0", "3601", "1.5", "soon"]) {
      expect(() => claimLeaseFrom({ WEBHOOK_CLAIM_LEASE_SECONDS: lease })).toThrow(BAD_CLAIM_LEASE);
    }
  });

  it("DATABASE_URL naming the test cluster opens a PostgreSQL store with its schema in place", async () => {
    const url = await freshDatabase("rd_select");
    const store = await openDashboardStore({ DATABASE_URL: url }, { dataDir, sessionSecret: "s".repeat(32) });
    try {
      expect(await store.schemaReady()).toBe(true);
      expect(await store.claimEvents(1)).toEqual([]);
    } finally {
      await store.close();
    }
  });
});

describe("start-up with a bad DATABASE_URL", () => {
  const oneSentence = (stderr: string) => {
    const lines = stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(stderr).not.toMatch(/\bat .*:\d+:\d+/);
    return lines[0];
  };

  it("a malformed DATABASE_URL stops start-up with one sentence", async () => {
    const run = await startUp({ DATABASE_URL: "mysql://admin:hunter2@db.internal/rates" });
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain("opened");
    expect(oneSentence(run.stderr)).toBe(MALFORMED_DATABASE_URL);
    expect(run.stderr).not.toContain("hunter2");
  });

  it("an unreachable DATABASE_URL stops start-up with one sentence naming where, not the password", async () => {
    const port = await closedPort();
    const run = await startUp({ DATABASE_URL: `postgres://admin:hunter2@127.0.0.1:${port}/rates` });
    expect(run.code).toBe(1);
    expect(oneSentence(run.stderr)).toBe(
      `The PostgreSQL database in DATABASE_URL cannot be reached at 127.0.0.1:${port} (ECONNREFUSED).`,
    );
    expect(run.stderr).not.toContain("hunter2");
  });

  it("a database that does not exist on a reachable server stops start-up with one sentence", async () => {
    const url = new URL(await freshDatabase("rd_select"));
    url.pathname = "/no_such_database";
    const run = await startUp({ DATABASE_URL: url.toString() });
    expect(run.code).toBe(1);
    expect(oneSentence(run.stderr)).toBe(
      `The database named in DATABASE_URL does not exist at 127.0.0.1:${url.port}.`,
    );
  });

  it("without DATABASE_URL the same start-up opens the SQLite file", async () => {
    const run = await startUp({});
    expect(run).toMatchObject({ code: 0, stdout: "opened\n" });
  });
});
