import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * The test files that ask the run's PostgreSQL cluster for a database of their own
 * (test-support/pg-database.ts). Found by reading them rather than listed by hand, so a new
 * PostgreSQL test gets the cluster without touching this file, and every other run (a
 * component test, a sandbox test) starts no PostgreSQL at all.
 */
const postgresTests = ["lib", "sandbox", "app", "scripts"].flatMap((dir) =>
  readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => `${dir}/${file.split(path.sep).join("/")}`)
    .filter((file) => readFileSync(path.join(root, file), "utf8").includes("test-support/pg-database")),
);

const nodeTests = [
  "lib/**/*.test.ts",
  "sandbox/**/*.test.ts",
  "app/**/*.test.ts",
  "components/**/*.test.ts",
  "scripts/**/*.test.ts",
];

export default defineConfig({
  resolve: {
    alias: {
      "@": root,
      // Next resolves `server-only` for server code; plain Node (tests) needs a no-op.
      "server-only": fileURLToPath(new URL("./lib/server/server-only-stub.ts", import.meta.url)),
    },
  },
  test: {
    // Threads start faster than forks, and most files wait on a server or a timer more than
    // they compute: two workers on two cores finish the run in about half the time of one.
    pool: "threads",
    maxWorkers: 2,
    testTimeout: 20_000,
    // The dashboard's store (sessions ended, receiver sinks) of tests that do not choose their
    // own: a temporary directory, never the checkout's .data.
    env: { DATA_DIR: path.join(os.tmpdir(), `rate-desk-vitest-${process.pid}`) },
    projects: [
      {
        extends: true,
        test: { name: "node", include: nodeTests, exclude: postgresTests, environment: "node" },
      },
      {
        extends: true,
        test: {
          name: "postgres",
          include: postgresTests,
          environment: "node",
          // One throw-away PostgreSQL cluster for these files (each makes its own database). If
          // it cannot start, the run fails with its sentence: nothing skips.
          globalSetup: ["./test-support/pg-global-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "components",
          include: ["components/**/*.test.tsx"],
          // Dialogs and forms rendered as the browser would, without one: Radix and
          // react-hook-form need a DOM, not a page.
          environment: "jsdom",
          // A process each: a file that reads dates in another zone sets TZ, which a thread
          // sharing its process with other files would not take.
          pool: "forks",
          setupFiles: ["./test-support/dom-setup.ts"],
          // A file's first hook starts the reference service and imports the BFF; on a loaded
          // two-core machine that alone has taken over the default 10 s.
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
