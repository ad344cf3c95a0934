/**
 * A throw-away PostgreSQL 15 cluster for the benches (test-support/pg-cluster.ts: a fresh
 * directory, a free loopback port, fsync off), always stopped on the way out. The cluster is a
 * daemon outside the benches' process groups, so stopChildren() does not reach it: it is
 * stopped here, by the bench when it is done with it, and otherwise when the process exits
 * (a finished run, an error, Ctrl-C/SIGTERM or a time cap all end in process.exit). Its stop is
 * synchronous (pg_ctl through execFileSync), so it also works inside the "exit" handler.
 */
import { startCluster, type Cluster } from "../test-support/pg-cluster";
import { SetupError } from "./servers";

const running = new Set<Cluster>();

function stopNow(cluster: Cluster): Promise<void> {
  running.delete(cluster);
  return cluster.stop();
}

process.on("exit", () => {
  for (const cluster of [...running]) stopNow(cluster).catch(() => undefined);
});

export interface BenchCluster {
  url: string;
  /** Stops the server and removes its directory; a second call does nothing. */
  stop(): Promise<void>;
}

export async function startBenchCluster(): Promise<BenchCluster> {
  let cluster: Cluster;
  try {
    cluster = await startCluster();
  } catch (error) {
    throw new SetupError(error instanceof Error ? error.message : String(error));
  }
  running.add(cluster);
  return {
    url: cluster.url,
    stop: () => (running.has(cluster) ? stopNow(cluster) : Promise.resolve()),
  };
}
