/**
 * `npm run test:security`: the security holes found in review (docs/security.md) as executable checks against a dashboard and
 * a reference service this script starts on free loopback ports (and stops). It prints one
 * table (category, tried, as expected, misses), writes .data/test-results/security.json for
 * `npm test`'s total, and fails on any miss. Bounded: past SUITE_DEADLINE_MS it stops.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { buildIfNeeded } from "../build-if-needed.mjs";
import { bffAllowlist } from "./checks/allowlist";
import { crossSiteWrites } from "./checks/cross-site";
import { securityHeaders } from "./checks/headers";
import { hostHeaders } from "./checks/hosts";
import { keyExposure } from "./checks/key-exposure";
import { malformedRequests } from "./checks/malformed";
import { signInRedirects } from "./checks/redirects";
import { sessionReplay } from "./checks/sessions";
import { upstreamContract } from "./checks/upstream-contract";
import { webhookEndpoints } from "./checks/webhook-endpoints";
import { webhookForgery } from "./checks/webhook-forgery";
import { startServers, type SuiteServers } from "./servers";
import type { CategoryResult, Check } from "./types";

const SUITE_DEADLINE_MS = 4 * 60_000;
const REPORT = ".data/test-results/security.json";

const CHECKS: Array<[string, Check]> = [
  ["Key exposure", keyExposure],
  ["BFF allowlist", bffAllowlist],
  ["Cross-site writes", crossSiteWrites],
  ["Sign-in redirect", signInRedirects],
  ["Host header", hostHeaders],
  ["Malformed requests", malformedRequests],
  ["Session replay", sessionReplay],
  ["Webhook forgery", webhookForgery],
  ["Webhook endpoints", webhookEndpoints],
  ["Security headers", securityHeaders],
  // Last: it judges everything that reached the service during the suite.
  ["Upstream contract", upstreamContract],
];

function table(results: CategoryResult[]): string {
  const rows = [
    ["Category", "Tried", "As expected", "Misses"],
    ...results.map((r) => [r.category, String(r.tried), String(r.asExpected), String(r.misses.length)]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  return [line(rows[0]!), widths.map((w) => "-".repeat(w)).join("  "), ...rows.slice(1).map(line)].join("\n");
}

async function main(): Promise<number> {
  buildIfNeeded();
  const started = Date.now();
  console.log("Security suite: starting a reference service and the dashboard on free loopback ports…");
  let servers: SuiteServers | null = null;
  const deadline = setTimeout(() => {
    console.error(`The security suite went past ${SUITE_DEADLINE_MS / 1000} s; stopping.`);
    void servers?.stop().finally(() => process.exit(1));
  }, SUITE_DEADLINE_MS);
  const results: CategoryResult[] = [];
  try {
    servers = await startServers();
    for (const [name, check] of CHECKS) {
      const at = Date.now();
      try {
        results.push(await check(servers));
      } catch (error) {
        results.push({
          category: name,
          tried: 1,
          asExpected: 0,
          misses: [`the check itself failed: ${error instanceof Error ? error.message : String(error)}`],
        });
      }
      console.log(`  ${name}: ${((Date.now() - at) / 1000).toFixed(1)} s`);
    }
  } finally {
    clearTimeout(deadline);
    await servers?.stop();
  }

  console.log(`\n${table(results)}\n`);
  for (const r of results)
    for (const miss of r.misses.slice(0, 20)) console.log(`MISS ${r.category}: ${miss}`);
  const failed = results.filter((r) => r.misses.length > 0).length;
  mkdirSync(".data/test-results", { recursive: true });
  writeFileSync(
    REPORT,
    JSON.stringify({ passed: results.length - failed, failed, categories: results }, null, 2),
  );
  const probes = results.reduce((n, r) => n + r.tried, 0);
  console.log(
    `Security suite: ${results.length - failed} of ${results.length} categories held (${probes} probes) in ${((Date.now() - started) / 1000).toFixed(0)} s.`,
  );
  return failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error("The security suite could not run:", error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
