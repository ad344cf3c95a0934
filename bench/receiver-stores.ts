/**
 * The stores `npm run bench:receiver` can measure (`--store=sqlite|postgres|both`): for each,
 * a fresh, empty store with the bench's sink written into it before the dashboard starts, the
 * environment that points the dashboard at it, a way to open it again for the final count, and
 * its stop (the SQLite file stays for inspection; the PostgreSQL cluster is removed).
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import type { DashboardStore, Sink } from "../lib/server/dashboard-store";
import { openPostgresStore } from "../lib/server/postgres-store";
import { openStore } from "../lib/server/sqlite-store";
import { startBenchCluster } from "./cluster";
import { SetupError } from "./servers";

export type StoreKind = "sqlite" | "postgres";
export const STORE_LABEL: Record<StoreKind, string> = { sqlite: "SQLite", postgres: "PostgreSQL" };

/** `--store=sqlite|postgres|both` (default sqlite): the stores to measure, in order. */
export function storesFromArgs(args: string[]): StoreKind[] {
  const given = args.find((arg) => arg.startsWith("--store="))?.slice("--store=".length) ?? "sqlite";
  if (given === "sqlite" || given === "postgres") return [given];
  if (given === "both") return ["sqlite", "postgres"];
  throw new SetupError(`--store=${given} is not one of sqlite, postgres and both.`);
}

export interface BenchStore {
  kind: StoreKind;
  sink: Sink;
  /** Added to the dashboard's environment. */
  env: Record<string, string>;
  /** One line on what an answer's durability means with this store. */
  durability: string;
  /** The same store opened again, by this process, to count what it holds. */
  open(): Promise<DashboardStore>;
  stop(): Promise<void>;
}

interface StoreOptions {
  dataDir: string;
  sessionSecret: string;
  webhookSecret: string;
}

const newBenchSink = (secret: string) => ({
  ownerAccountId: "usr_bench",
  ownerLabel: "Bench",
  subscriptionId: null,
  secret,
});

export async function prepareStore(kind: StoreKind, options: StoreOptions): Promise<BenchStore> {
  const { dataDir, sessionSecret, webhookSecret } = options;
  if (kind === "sqlite") {
    for (const suffix of ["", "-wal", "-shm"])
      rmSync(path.join(dataDir, `dashboard.db${suffix}`), { force: true });
    const open = () => Promise.resolve(openStore({ dataDir, sessionSecret }));
    const setup = await open();
    const sink = await setup.createSink(newBenchSink(webhookSecret));
    await setup.close();
    return {
      kind,
      sink,
      // Empty, so that a DATABASE_URL in the caller's environment does not select PostgreSQL.
      env: { DATA_DIR: dataDir, DATABASE_URL: "" },
      durability:
        "SQLite WAL, synchronous = NORMAL (each answer follows its commit to the WAL; fsync at checkpoints), concurrent inserts grouped into one commit.",
      open,
      stop: () => Promise.resolve(),
    };
  }
  const cluster = await startBenchCluster();
  try {
    const open = () => openPostgresStore({ url: cluster.url, poolSize: 2, sessionSecret });
    const setup = await open();
    const sink = await setup.createSink(newBenchSink(webhookSecret));
    await setup.close();
    return {
      kind,
      sink,
      env: { DATA_DIR: dataDir, DATABASE_URL: cluster.url },
      durability:
        "PostgreSQL 15, a throw-away cluster on loopback (test-support/pg-cluster.ts: fsync = off, synchronous_commit = off), the dashboard's default pool of 10; concurrent inserts grouped into one commit.",
      open,
      stop: () => cluster.stop(),
    };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere. */
export function processCpuSeconds(pid: number | undefined): number | null {
  const file = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(file)) return null;
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = readFileSync(file, "utf8").split(") ")[1]?.split(" ") ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? ticks / 100 : null; // USER_HZ is 100 on mainstream Linux
}
