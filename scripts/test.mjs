#!/usr/bin/env node
// `npm test`: every suite (Vitest: contract, client, BFF, reference service; Playwright:
// the dashboard in Chromium; the security suite: one test per category, against servers it
// starts itself), then one line `N passed, N failed` summing them all.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { buildIfNeeded } from "./build-if-needed.mjs";
import { findChromium } from "./find-chromium.mjs";
import { playwrightFailures, vitestFailures } from "./test-failures.mjs";

const e2eOnly = process.argv.includes("--e2e-only");
const chromium = findChromium({ forTests: true });
if (!chromium) {
  console.error(
    "No Chromium found: install one (Debian/Ubuntu: `sudo apt-get install -y chromium`) or set PLAYWRIGHT_CHROMIUM_EXECUTABLE to a Chromium binary.",
  );
  process.exit(1);
}

const out = ".data/test-results";
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const env = { ...process.env, PLAYWRIGHT_CHROMIUM_EXECUTABLE: chromium, NEXT_TELEMETRY_DISABLED: "1" };
const node = (args) => spawnSync(process.execPath, args, { stdio: "inherit", env });
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null);

let passed = 0;
let failed = 0;
const failures = [];

if (!e2eOnly) {
  node([
    "node_modules/vitest/vitest.mjs",
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${out}/vitest.json`,
  ]);
  const report = readJson(`${out}/vitest.json`);
  if (report) {
    passed += report.numPassedTests;
    failed +=
      report.numFailedTests +
      (report.numTotalTestSuites > 0 && !report.success && report.numFailedTests === 0 ? 1 : 0);
    failures.push(...vitestFailures(report).map((name) => `Vitest: ${name}`));
  } else {
    console.error("Vitest produced no report.");
    failed += 1;
  }
}

buildIfNeeded();
node(["node_modules/@playwright/test/cli.js", "test"]);
const e2e = readJson(`${out}/playwright.json`);
if (e2e) {
  passed += e2e.stats.expected + e2e.stats.flaky;
  failed += e2e.stats.unexpected;
  failures.push(...playwrightFailures(e2e).map((name) => `Playwright: ${name}`));
} else {
  console.error("Playwright produced no report.");
  failed += 1;
}

if (!e2eOnly) {
  node(["node_modules/tsx/dist/cli.mjs", "scripts/security/run.ts"]);
  const security = readJson(`${out}/security.json`);
  if (security) {
    passed += security.passed;
    failed += security.failed;
    if (security.failed > 0) failures.push("Security suite: see its table above");
  } else {
    console.error("The security suite produced no report.");
    failed += 1;
  }
}

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((name) => `  ${name}`).join("\n")}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
