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
import { spawnSync } from "node:child_process";
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
}

function lhci(args: string[]) {
  return spawnSync(process.execPath, ["node_modules/@lhci/cli/src/cli.js", ...args], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, LHCI_NO_LIGHTHOUSERC: "" },
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
  const collect = lhci(["collect", `--config=${configPath}`]);
  if (collect.status !== 0) throw new SetupError(`lhci collect failed:\n${collect.stderr || collect.stdout}`);

  const runs = readdirSync(OUT)
    .filter((f) => f.startsWith("lhr-") && f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(path.join(OUT, f), "utf8")) as LhrSummary);
  const score = (r: LhrSummary, id: string) => {
    const s = r.categories[id]?.score;
    return s === null || s === undefined ? "n/a" : String(Math.round(s * 100));
  };
  console.log(`\n${"page".padEnd(20)}${"perf".padStart(6)}${"a11y".padStart(6)}${"best".padStart(6)}`);
  for (const r of runs.sort((a, b) => a.requestedUrl.localeCompare(b.requestedUrl))) {
    const page = new URL(r.requestedUrl).pathname;
    console.log(
      `${page.padEnd(20)}${score(r, "performance").padStart(6)}${score(r, "accessibility").padStart(6)}${score(r, "best-practices").padStart(6)}`,
    );
  }

  const assert = lhci(["assert", `--config=${configPath}`]);
  console.log(`\nAssertions (lighthouserc.json): ${assert.status === 0 ? "all met" : "some NOT MET"}`);
  if (assert.status !== 0) console.log((assert.stderr || assert.stdout).trim());
  lhci(["upload", `--config=${configPath}`]);
  console.log(`\nReports: ${path.relative(ROOT, path.join(OUT, "reports"))}/`);
  return 0;
}

await runBench(main);
