import { serve } from "@hono/node-server";
import { createSandbox } from "./app";
import { readSandboxConfig } from "./config";

/** `npm run sandbox`: the reference service on loopback, state in SANDBOX_DB. */
const config = readSandboxConfig();
const started = performance.now();
const sandbox = createSandbox(config);
// Deliveries fall due with real time too, not only when /_sandbox/clock advances.
sandbox.engine.start(1000);
const server = serve({ fetch: sandbox.app.fetch, port: config.port, hostname: "127.0.0.1" }, (info) => {
  const ms = Math.round(performance.now() - started);
  console.log(
    `Reference service listening on http://127.0.0.1:${info.port} (db ${config.dbPath}, ready in ${ms} ms)`,
  );
});

function stop() {
  server.close(() => {
    sandbox.close();
    process.exit(0);
  });
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
