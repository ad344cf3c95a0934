#!/usr/bin/env node
// `npm start`: the dashboard, and beside it the reference service unless SVC_BASE_URL points
// at a real one. Both keep their state under .data/. Ctrl-C stops both.
// When the reference service dies, the dashboard stays up (open pages say the pricing
// service cannot be reached, then recover by themselves) and the service is restarted with
// growing pauses (scripts/supervisor.mjs). When the dashboard dies, everything stops.
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { buildIfNeeded } from "./build-if-needed.mjs";
import { keepRunning } from "./supervisor.mjs";

const dev = process.argv.includes("--dev");
const port = process.env.PORT || "3000";
const host = process.env.HOST || "127.0.0.1";
const sandboxPort = process.env.SANDBOX_PORT || "4010";
const embedded = !process.env.SVC_BASE_URL;
process.env.NEXT_TELEMETRY_DISABLED = "1";

mkdirSync(".data", { recursive: true });
let stopping = false;
let service = null;
let dashboard = null;

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  const ended = [service?.stop()];
  if (dashboard && dashboard.exitCode === null) {
    ended.push(new Promise((resolve) => dashboard.once("exit", resolve)));
    dashboard.kill("SIGTERM");
  }
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(ended).then(() => process.exit(code));
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

async function waitFor(url, what) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  console.error(`${what} did not start within a minute.`);
  stop(1);
}

if (!dev) buildIfNeeded({ force: process.argv.includes("--rebuild") });

if (embedded) {
  // tsx as a loader (not its CLI, which would put a second process in between): what the
  // supervisor watches is the server itself.
  service = keepRunning("The reference service", ["--import", "tsx", "sandbox/server.ts"], {
    env: {
      ...process.env,
      SANDBOX_PORT: sandboxPort,
      SANDBOX_DB: process.env.SANDBOX_DB || ".data/sandbox.db",
    },
  });
  await waitFor(`http://127.0.0.1:${sandboxPort}/_sandbox/clock`, "The reference service");
} else {
  console.log(`Using the pricing service at ${process.env.SVC_BASE_URL}`);
}

// Production: Next behind the method guard (scripts/serve.mjs); development: `next dev`.
const dashboardArgs = dev
  ? ["node_modules/next/dist/bin/next", "dev", "-p", port, "-H", host]
  : ["scripts/serve.mjs", "-p", port, "-H", host];
dashboard = spawn(process.execPath, dashboardArgs, {
  stdio: "inherit",
  env: { ...process.env, SANDBOX_PORT: sandboxPort, PORT: port },
});
dashboard.on("exit", (code, signal) => {
  if (stopping) return;
  console.error(`The dashboard stopped (${signal ?? `exit ${code}`}); stopping the rest.`);
  stop(code || 1);
});
await waitFor(`http://${host}:${port}/sign-in`, "The dashboard");
if (!stopping) {
  console.log(`\n  Dashboard ready: http://${host === "127.0.0.1" ? "localhost" : host}:${port}\n`);
  if (embedded) console.log("  Sign in with one click as a demo persona. Ctrl-C stops everything.\n");
}
