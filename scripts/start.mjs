#!/usr/bin/env node
// `npm start`: the dashboard, and beside it the reference service unless SVC_BASE_URL points
// at a real one. Both keep their state under .data/. Ctrl-C stops both.
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { buildIfNeeded } from "./build-if-needed.mjs";

const dev = process.argv.includes("--dev");
const port = process.env.PORT || "3000";
const host = process.env.HOST || "127.0.0.1";
const sandboxPort = process.env.SANDBOX_PORT || "4010";
const embedded = !process.env.SVC_BASE_URL;
process.env.NEXT_TELEMETRY_DISABLED = "1";

mkdirSync(".data", { recursive: true });
const children = [];
let stopping = false;

function run(name, args, env) {
  const child = spawn(process.execPath, args, { stdio: "inherit", env: { ...process.env, ...env } });
  child.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(`${name} stopped (${signal ?? `exit ${code}`}); stopping the rest.`);
    stop(code || 1);
  });
  children.push(child);
  return child;
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.on("exit", r))))).then(
    () => process.exit(code),
  );
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
  run("The reference service", ["node_modules/tsx/dist/cli.mjs", "sandbox/server.ts"], {
    SANDBOX_PORT: sandboxPort,
    SANDBOX_DB: process.env.SANDBOX_DB || ".data/sandbox.db",
  });
  await waitFor(`http://127.0.0.1:${sandboxPort}/_sandbox/clock`, "The reference service");
} else {
  console.log(`Using the pricing service at ${process.env.SVC_BASE_URL}`);
}

run("The dashboard", ["node_modules/next/dist/bin/next", dev ? "dev" : "start", "-p", port, "-H", host], {
  SANDBOX_PORT: sandboxPort,
});
await waitFor(`http://${host}:${port}/sign-in`, "The dashboard");
if (!stopping) {
  console.log(`\n  Dashboard ready: http://${host === "127.0.0.1" ? "localhost" : host}:${port}\n`);
  if (embedded) console.log("  Sign in with one click as a demo persona. Ctrl-C stops everything.\n");
}
