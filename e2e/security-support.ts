import { spawn, type ChildProcess } from "node:child_process";
import type { Page } from "@playwright/test";
import { E2E_RECOVERY_PORT, E2E_RECOVERY_SANDBOX_PORT } from "../playwright.config";
import { dashboardProcess, referenceServiceProcess } from "../scripts/server-pair.mjs";
import { stopChild, waitForHttp } from "./processes";

/**
 * Helpers of e2e/security.spec.ts: a recorder of CSP violations, and a dashboard with its own
 * reference service that a test may stop and start again (the shared pairs must never go down).
 */

/** Every CSP violation and CSP console message of the page, from the first script on. */
export async function recordCspViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction("__reportCspViolation", (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation: (t: string) => void })
        .__reportCspViolation;
      report(
        `${location.pathname}: ${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) seen.push(`${page.url()}: ${message.text()}`);
  });
  return seen;
}

/** Waits until no main region of the page says it is loading. */
export async function settled(page: Page) {
  await page.waitForLoadState("load");
  await page.waitForFunction(() => document.querySelectorAll('[data-state="loading"]').length === 0, null, {
    timeout: 15_000,
  });
}

export const RECOVERY_DASHBOARD = `http://localhost:${E2E_RECOVERY_PORT}`;

/** A dashboard and a reference service on the recovery ports; the service can be stopped and started. */
export function recoveryPair() {
  let sandbox: ChildProcess | null = null;
  let dashboard: ChildProcess | null = null;
  return {
    async startService() {
      const service = referenceServiceProcess({ port: E2E_RECOVERY_SANDBOX_PORT });
      sandbox = spawn(process.execPath, service.args, {
        env: { ...process.env, ...service.env },
        stdio: "ignore",
      });
      await waitForHttp(service.readyUrl, 60_000);
    },
    async stopService() {
      await stopChild(sandbox);
      sandbox = null;
    },
    async startDashboard() {
      const server = dashboardProcess({
        port: E2E_RECOVERY_PORT,
        servicePort: E2E_RECOVERY_SANDBOX_PORT,
        dataDir: ".data/e2e-recovery",
      });
      dashboard = spawn(process.execPath, server.args, {
        env: { ...process.env, ...server.env },
        stdio: "ignore",
      });
      await waitForHttp(server.readyUrl, 60_000);
    },
    async stopAll() {
      await Promise.all([stopChild(sandbox), stopChild(dashboard)]);
      sandbox = null;
      dashboard = null;
    },
  };
}
