import type { Page } from "@playwright/test";
import type { SetRecord } from "../lib/svc/schemas/sets";
import { expect, portfolioOf, seriousViolations, signInAs, svcGet, test, withSessionOf } from "./fixtures";
import { RECOVERY_DASHBOARD, recordCspViolations, recoveryPair, settled } from "./security-support";

/**
 * The security rules in a real browser: every page satisfies its Content-Security-Policy, sign-in
 * never leaves the dashboard's origin, a signed-out cookie opens nothing, and the pages say
 * the truth about (and recover from) a reference service that stops answering.
 */

/** Opens the path, waits for it to settle, then opens each of its tabs in turn; returns how many. */
async function visit(page: Page, path: string, tabsExpected = false): Promise<number> {
  await page.goto(path);
  await settled(page);
  const tabs = page.getByRole("tab");
  if (tabsExpected) await expect(tabs.first()).toBeVisible();
  const count = await tabs.count();
  for (let i = 0; i < count; i += 1) {
    await tabs.nth(i).click();
    await settled(page);
  }
  return count;
}

test.describe("the content security policy", () => {
  test("no page of the sections logs a CSP violation", async ({ page }) => {
    test.setTimeout(120_000);
    const violations = await recordCspViolations(page);
    await page.goto("/sign-in");
    await settled(page);
    await signInAs(page, "owner");
    for (const path of [
      "/",
      "/listings",
      "/sets",
      "/sets/new",
      "/segments",
      "/market",
      "/webhooks",
      "/webhooks/inbox",
      "/usage",
      "/api-keys",
      "/team",
      "/notifications",
      "/no-such-page",
    ]) {
      await visit(page, path);
    }
    expect(violations).toEqual([]);
  });

  test("no tab of a listing or of a paid set logs a CSP violation", async ({ page }) => {
    test.setTimeout(120_000);
    const violations = await recordCspViolations(page);
    await signInAs(page, "owner");
    const listing = (await portfolioOf("owner")).find((l) => !l.is_hidden)!;
    const listingTabs = await visit(page, `/listings/${listing.svc_id}`, true);
    const sets = await svcGet<SetRecord[]>("/sets?per_page=100");
    const paid = sets.find((s) => s.is_paid)!;
    const setTabs = await visit(page, `/sets/${paid.id}`, true);
    expect(listingTabs).toBeGreaterThan(3);
    expect(setTabs).toBeGreaterThan(1);
    expect(violations).toEqual([]);
  });

  test("pages and API answers carry the policy and the other security headers", async ({ page }) => {
    await withSessionOf(page, "owner");
    const document = await page.goto("/listings");
    const headers = document!.headers();
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(headers["content-security-policy"]).not.toContain("unsafe-eval");
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("same-origin");
    const api = await page.request.get("/api/svc/listings?per_page=1");
    expect(api.headers()["content-security-policy"]).toMatch(/^default-src 'none'/);
    expect(api.headers()["x-content-type-options"]).toBe("nosniff");
  });
});

test.describe("sessions", () => {
  test("a next that resolves to another site lands on the Overview after sign-in", async ({ page }) => {
    await page.goto("/sign-in?next=/%5Cevil.example/phish");
    await page.getByRole("button", { name: "Sign in as owner", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    expect(new URL(page.url()).host).toMatch(/^localhost:\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  });

  test("a copy of the cookie of a signed-out session opens no page", async ({ page, browser }) => {
    await signInAs(page, "manager");
    const copied = (await page.context().cookies()).find((c) => c.name === "rmd_session")!;
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL("**/sign-in");

    const other = await browser.newContext();
    await other.addCookies([copied]);
    const replay = await other.newPage();
    await replay.goto("/listings");
    await expect(replay).toHaveURL(/\/sign-in\?expired=1$/);
    expect((await replay.request.get("/api/svc/listings?per_page=1")).status()).toBe(401);
    await other.close();
  });
});

test.describe("when the reference service stops answering", () => {
  test.describe.configure({ mode: "serial" });
  const pair = recoveryPair();
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    await pair.startDashboard();
  });
  test.afterAll(async () => {
    await pair.stopAll();
  });

  test("the sign-in page says it is not answering, and Try again brings the personas back", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto(`${RECOVERY_DASHBOARD}/sign-in`);
    const notice = page.getByRole("status").filter({ hasText: "not answering right now" });
    await expect(notice).toContainText("It may be starting or restarting");
    await expect(page.getByRole("button", { name: /Sign in as / })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await pair.startService();
    await notice.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("button", { name: "Sign in as owner", exact: true })).toBeVisible();
    await expect(notice).toHaveCount(0);
  });

  test("an open page recovers by itself when the service answers again", async ({ page }) => {
    test.setTimeout(120_000);
    await signInAs(page, "owner", RECOVERY_DASHBOARD);
    await pair.stopService();
    await page.reload();
    const portfolio = page.getByTestId("portfolio");
    await expect(page.getByRole("alert").filter({ hasText: "cannot be reached" }).first()).toBeVisible();
    await pair.startService();
    // No click: the page notices the service is back and loads again.
    await expect(portfolio).toHaveAttribute("data-state", "ready", { timeout: 45_000 });
    await expect(page.getByRole("alert").filter({ hasText: "cannot be reached" })).toHaveCount(0);
  });
});
