import type { TestProject } from "vitest/node";
import { startCluster } from "./pg-cluster";

/**
 * Vitest's global setup: ONE throw-away PostgreSQL cluster for the whole run, its URL given to
 * the test files as `inject("pgUrl")`; each file that needs it creates its own database
 * (test-support/pg-database.ts). If the cluster cannot start, the run fails with its sentence.
 */
declare module "vitest" {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startCluster();
  project.provide("pgUrl", cluster.url);
  return () => cluster.stop();
}
