import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL(".", import.meta.url)),
      // Next resolves `server-only` for server code; plain Node (tests) needs a no-op.
      "server-only": fileURLToPath(new URL("./lib/server/server-only-stub.ts", import.meta.url)),
    },
  },
  test: {
    include: [
      "lib/**/*.test.ts",
      "sandbox/**/*.test.ts",
      "app/**/*.test.ts",
      "components/**/*.test.ts",
      "scripts/**/*.test.ts",
    ],
    environment: "node",
    pool: "forks",
    // One throw-away PostgreSQL cluster per run (the PostgreSQL store's tests; each file makes
    // its own database). If it cannot start, the run fails with its sentence: nothing skips.
    globalSetup: ["./test-support/pg-global-setup.ts"],
    testTimeout: 20_000,
    // The dashboard's store (sessions ended, receiver sinks) of tests that do not choose their
    // own: a temporary directory, never the checkout's .data.
    env: { DATA_DIR: path.join(os.tmpdir(), `rate-desk-vitest-${process.pid}`) },
  },
});
