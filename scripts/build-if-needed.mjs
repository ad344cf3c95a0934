import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { markBuiltScripts } from "./compile-hints.mjs";

const SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "next.config.mjs",
  "tailwind.config.ts",
  "package.json",
  "instrumentation.ts",
  "scripts/compile-hints.mjs",
];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/**
 * Builds the dashboard when there is no build yet or a source file is newer than it. With
 * `benchPages`, the build the page benches use: the production build plus the benchmark pages
 * (app/bench/*, page.bench.tsx), in .next-bench, so the production build never contains them.
 */
export function buildIfNeeded({ force = false, benchPages = false } = {}) {
  const distDir = benchPages ? ".next-bench" : ".next";
  const buildId = path.join(distDir, "BUILD_ID");
  const stale =
    force || !existsSync(buildId) || Math.max(...SOURCES.map(newestMtime)) > statSync(buildId).mtimeMs;
  if (!stale) return;
  console.log("Building the dashboard (next build)…");
  const result = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...(benchPages ? { ENABLE_BENCH_PAGES: "1" } : {}) },
  });
  if (result.status !== 0) {
    console.error("The dashboard build failed; see the messages above.");
    process.exit(result.status ?? 1);
  }
  markBuiltScripts(distDir);
}
