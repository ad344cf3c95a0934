/**
 * `npm run bench:lighthouse`: Lighthouse CI (`@lhci/cli`, pinned) over every section page,
 * signed in as the owner, against the budgets in `lighthouserc.json` (performance ≥ 95,
 * accessibility 100, best practices ≥ 95). A budget report, not a test: it prints each page's
 * scores and the failed assertions, and exits 0 whatever they are (1 when it could not set up).
 *
 * No puppeteer login: the stack of `bench:pages` starts, the owner signs in once in Playwright,
 * and the session cookie goes to Lighthouse as an extra header. Lighthouse drives the system
 * Chromium. Reports land in `.lighthouseci/reports` (HTML and JSON per page).
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../scripts/find-chromium.mjs";
import { sections } from "../lib/shell/sections";
import { ROOT, SetupError, runBench } from "./servers";
import { signedInState, startStack } from "./stack";

process.chdir(ROOT);

const OUT = path.join(ROOT, ".lighthouseci");

interface LhrSummary {
  requestedUrl: string;
  categories: Record<string, { score: number | null }>;
  audits: {
    "network-requests"?: { details?: { items?: Array<{ url: string; statusCode: number }> } };
  };
}

/**
 * The page's calls to the service (through the BFF) that did not answer 2xx: a page scored
 * without its data is not the page a user meets, so the table says so beside its scores.
 */
function failedServiceCalls(r: LhrSummary): number {
  const items = r.audits["network-requests"]?.details?.items ?? [];
  return items.filter((i) => i.url.includes("/api/svc/") && (i.statusCode < 200 || i.statusCode > 299))
    .length;
}

/**
 * Runs `lhci` without blocking this process: the stack's upstream counter forwards the
 * dashboard's requests to the reference service from this process's event loop, so a
 * synchronous spawn would leave every page without its data (as the first runs did).
 */
function lhci(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["node_modules/@lhci/cli/src/cli.js", ...args], {
      cwd: ROOT,
      env: { ...process.env, LHCI_NO_LIGHTHOUSERC: "" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("error", reject);
    child.once("close", (status) => resolve({ status, stdout, stderr }));
  });
}

async function main(): Promise<number> {
  const executablePath = findChromium();
  if (!executablePath) throw new SetupError("No Chromium found (set PLAYWRIGHT_CHROMIUM_EXECUTABLE).");
  const { base } = await startStack("bench-lighthouse");
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
  const state = await signedInState(browser, base).finally(() => browser.close());
  const cookie = state.cookies.map((c) => `${c.name}=${c.value}`).join("; ");

  // lighthouserc.json holds the budgets; the URLs, the cookie and the browser are this run's.
  const config = JSON.parse(readFileSync(path.join(ROOT, "lighthouserc.json"), "utf8"));
  config.ci.collect.url = sections.map((s) => `${base}${s.href}`);
  config.ci.collect.chromePath = executablePath;
  config.ci.collect.settings.extraHeaders = JSON.stringify({ Cookie: cookie });
  // Outside .lighthouseci, which lhci collect empties first.
  mkdirSync(path.join(ROOT, ".data", "bench-lighthouse"), { recursive: true });
  const configPath = path.join(ROOT, ".data", "bench-lighthouse", "lighthouserc.run.json");
  writeFileSync(configPath, JSON.stringify(config, null, 2));

  console.log(`Lighthouse over ${sections.length} section pages as the owner (${base}).`);
  const collect = await lhci(["collect", `--config=${configPath}`]);
  if (collect.status !== 0) throw new SetupError(`lhci collect failed:\n${collect.stderr || collect.stdout}`);

  const runs = readdirSync(OUT)
    .filter((f) => f.startsWith("lhr-") && f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(path.join(OUT, f), "utf8")) as LhrSummary);
  const score = (r: LhrSummary, id: string) => {
    const s = r.categories[id]?.score;
    return s === null || s === undefined ? "n/a" : String(Math.round(s * 100));
  };
  console.log(
    `\n${"page".padEnd(20)}${"perf".padStart(6)}${"a11y".padStart(6)}${"best".padStart(6)}  service calls failed`,
  );
  for (const r of runs.sort((a, b) => a.requestedUrl.localeCompare(b.requestedUrl))) {
    const page = new URL(r.requestedUrl).pathname;
    const failed = failedServiceCalls(r);
    console.log(
      `${page.padEnd(20)}${score(r, "performance").padStart(6)}${score(r, "accessibility").padStart(6)}${score(r, "best-practices").padStart(6)}  ${failed === 0 ? "none" : `${failed}: scored without its data`}`,
    );
  }

  const assert = await lhci(["assert", `--config=${configPath}`]);
  console.log(`\nAssertions (lighthouserc.json): ${assert.status === 0 ? "all met" : "some NOT MET"}`);
  if (assert.status !== 0) console.log((assert.stderr || assert.stdout).trim());
  await lhci(["upload", `--config=${configPath}`]);
  console.log(`\nReports: ${path.relative(ROOT, path.join(OUT, "reports"))}/`);
  return 0;
}

await runBench(main);
