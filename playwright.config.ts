import { defineConfig, devices, type PlaywrightTestConfig } from "@playwright/test";
import { CHROMIUM_ARGS } from "./scripts/find-chromium.mjs";
import { dashboardProcess, referenceServiceProcess } from "./scripts/server-pair.mjs";

/**
 * End-to-end tests: the built dashboard and the reference service on their own ports, in
 * the Chromium that scripts/test.mjs found (never a downloaded one).
 */
// E2E_PORT_OFFSET moves every port below, so that two checkouts can run their suites side by side.
const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const E2E_PORT = 3110 + OFFSET;
export const E2E_SANDBOX_PORT = 4110 + OFFSET;
/**
 * A second pair for the limits: a usage report that reads at most 25 records (so it is
 * truncated) and a rate limit small enough for a page to hit.
 */
export const E2E_LIMITED_PORT = 3111 + OFFSET;
export const E2E_LIMITED_SANDBOX_PORT = 4111 + OFFSET;
export const E2E_LIMITED_RATE_LIMIT = 30;
/**
 * A third pair the security spec starts and stops itself (e2e/security-support.ts): the
 * reference service going down and coming back, which the shared pairs must never see.
 */
export const E2E_RECOVERY_PORT = 3112 + OFFSET;
export const E2E_RECOVERY_SANDBOX_PORT = 4112 + OFFSET;
export const E2E_LIMITED_USAGE_READ_CAP = 25;
/**
 * Two dashboards on one throw-away PostgreSQL, with a reference service of their own, that
 * e2e/instances.spec.ts starts and stops itself (several instances for one team).
 */
export const E2E_INSTANCE_A_PORT = 3113 + OFFSET;
export const E2E_INSTANCE_B_PORT = 3114 + OFFSET;
export const E2E_INSTANCES_SANDBOX_PORT = 4113 + OFFSET;
/**
 * A dashboard whose portfolio sync e2e/sync.spec.ts starts, with a reference service of its
 * own whose limit lets the 34-listing owner's first fill end in seconds at the usual share.
 */
export const E2E_SYNC_PORT = 3116 + OFFSET;
export const E2E_SYNC_SANDBOX_PORT = 4116 + OFFSET;

/** A reference service (in memory, fast writes) and a built dashboard pointed at it. */
type WebServer = Extract<PlaywrightTestConfig["webServer"], unknown[]>[number];

function serverPair(pair: {
  port: number;
  sandboxPort: number;
  dataDir: string;
  sandboxEnv?: Record<string, string>;
}): WebServer[] {
  const service = referenceServiceProcess({ port: pair.sandboxPort, env: pair.sandboxEnv });
  const dashboard = dashboardProcess({
    port: pair.port,
    servicePort: pair.sandboxPort,
    dataDir: pair.dataDir,
  });
  return [
    { ...service, timeout: 60_000 },
    { ...dashboard, timeout: 120_000 },
  ].map(({ args, env, readyUrl, timeout }) => ({
    command: ["node", ...args].join(" "),
    url: readyUrl,
    env,
    reuseExistingServer: false,
    timeout,
    stdout: "ignore" as const,
  }));
}

const executablePath = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE || "/usr/bin/chromium";

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: ".data/test-results/playwright.json" }]],
  outputDir: ".data/test-results/artifacts",
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    // A failed test keeps its trace: each action and the network, a screenshot and the page's
    // accessibility tree. Without the screencast and the DOM snapshot of every action, which cost
    // the headless shell about a third and a sixth of the suite's time; `--trace on` brings both back.
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: false, sources: false },
    screenshot: "only-on-failure",
    // One context per worker, reset between tests (cookies, storage, cache, pages, routes): a
    // renderer that has loaded the dashboard before loads the next page faster, and the browser
    // tests are mostly page loads; it saves about a tenth of their time. What the reset leaves
    // (permissions, history) is the same for every test: the clipboard is allowed for all.
    reuseContext: true,
    permissions: ["clipboard-read", "clipboard-write"],
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1400, height: 900 },
        // A locale that reads kilometres, the service's unit: the distance unit defaults from
        // the browser's locale (lib/display/distance.ts), and en-US, the browser's own, reads
        // miles. e2e/theme.spec.ts checks miles by its own locale.
        locale: "en-IE",
        launchOptions: {
          executablePath,
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
  webServer: [
    ...serverPair({ port: E2E_PORT, sandboxPort: E2E_SANDBOX_PORT, dataDir: ".data/e2e" }),
    ...serverPair({
      port: E2E_LIMITED_PORT,
      sandboxPort: E2E_LIMITED_SANDBOX_PORT,
      dataDir: ".data/e2e-limited",
      sandboxEnv: {
        SANDBOX_RATE_LIMIT_PER_MINUTE: String(E2E_LIMITED_RATE_LIMIT),
        SANDBOX_USAGE_READ_CAP: String(E2E_LIMITED_USAGE_READ_CAP),
      },
    }),
  ],
});
