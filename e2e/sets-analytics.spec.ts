import type { Page } from "@playwright/test";
import { matchPath } from "../lib/svc/match";
import type { SetRecord } from "../lib/svc/schemas/sets";
import { expect, keyOf, type PersonaName, SANDBOX, seriousViolations, test, withSessionOf } from "./fixtures";

/** A persona's own call to the reference service: the truth the page is compared with. */
async function svcAs<T>(
  persona: PersonaName,
  method: string,
  path: string,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${SANDBOX}${path}`, {
    method,
    headers: { "x-api-key": await keyOf(persona) },
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function setNamed(name: string, persona: PersonaName = "owner"): Promise<SetRecord> {
  const { body } = await svcAs<SetRecord[]>(persona, "GET", `/sets?name=${encodeURIComponent(name)}`);
  const found = body.find((s) => s.name === name);
  if (!found) throw new Error(`${persona} cannot see a set named ${name}`);
  return found;
}

/** Every call the page makes to the BFF, as the contract endpoint it matches. */
function recordServiceCalls(page: Page) {
  const calls: Array<{ method: string; path: string; id: string | null; paidOnly: boolean }> = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith("/api/svc/")) return;
    const path = url.pathname.slice("/api/svc".length);
    const match = matchPath(request.method(), path);
    calls.push({
      method: request.method(),
      path,
      id: match.kind === "match" ? match.endpoint.id : null,
      paidOnly: match.kind === "match" && match.endpoint.paidOnly,
    });
  });
  return calls;
}

const analyticsTab = (page: Page) => page.getByRole("tab", { name: "Analytics" });

/** Every chart card of the paid analytics has its data (or said why it has none). */
async function expectChartsReady(page: Page) {
  const paid = page.getByTestId("paid-analytics");
  await expect(paid).toBeVisible();
  for (const section of ["monthly-metrics", "time-series", "distribution", "changelog"]) {
    // Chart cards are sections with data-state; the changelog's table frame carries its own.
    const cards = page.getByTestId(section).locator("section[data-state], [data-testid=changelog-body]");
    await expect(cards.first()).toBeVisible();
    for (const card of await cards.all()) await expect(card).toHaveAttribute("data-state", "ready");
  }
}

test.describe("set analytics", () => {
  test("a free set and every one of its tabs never request a paid-only path", async ({ page }) => {
    const set = await setNamed("South Congress 2BR comps");
    expect(set.is_paid).toBe(false);
    await withSessionOf(page, "owner");
    const calls = recordServiceCalls(page);

    await page.goto(`/sets/${set.id}`);
    await expect(page.getByRole("heading", { level: 1, name: set.name })).toBeVisible();
    for (const [tab, testId] of [
      ["Members", "members"],
      ["Associated listings", "associated"],
      ["Sharing", "sharing"],
    ] as const) {
      await page.getByRole("tab", { name: tab }).click();
      await expect(page.getByTestId(testId)).toHaveAttribute("data-state", "ready");
    }
    await analyticsTab(page).click();
    await expect(page.getByTestId("upgrade-panel")).toBeVisible();
    // A direct link to the tab, too.
    await page.goto(`/sets/${set.id}?tab=analytics`);
    await expect(page.getByTestId("upgrade-panel")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Analytics come with the paid plan" })).toBeVisible();

    expect(calls.some((c) => c.id === "sets.get")).toBe(true);
    expect(calls.filter((c) => c.paidOnly)).toEqual([]);
    expect(calls.filter((c) => c.id === null)).toEqual([]);
  });

  test("the owner upgrades a free set and its analytics appear without a reload", async ({ page }) => {
    // The set price calendar (comps and my pinned listings' own calendars) and an axe scan of
    // its cells: as slow on a busy machine as the calendar's own tests.
    test.slow();
    const set = await setNamed("South Congress 2BR comps");
    const { body: associated } = await svcAs<Array<{ name: string }>>(
      "owner",
      "GET",
      `/sets/${set.id}/associated_listings`,
    );
    expect(associated.length).toBeGreaterThan(0);
    await withSessionOf(page, "owner");
    const calls = recordServiceCalls(page);
    await page.goto(`/sets/${set.id}?tab=analytics`);

    const panel = page.getByTestId("upgrade-panel");
    await expect(panel.getByTestId("billed-to")).toContainText("You, as the set's owner.");
    for (const feature of [
      "Aggregated monthly metrics",
      "The price calendar of up to 25 comps",
      "Time series",
      "Distribution",
      "Changelog",
    ]) {
      await expect(panel.getByText(feature, { exact: true })).toBeVisible();
    }
    expect(await seriousViolations(page)).toEqual([]);
    expect(calls.filter((c) => c.paidOnly)).toEqual([]);

    // A marker on window survives only if the page is never reloaded.
    await page.evaluate(() => Object.assign(window, { __noReload: true }));
    await page.getByRole("button", { name: "Upgrade to paid" }).click();
    const dialog = page.getByRole("alertdialog", { name: `Upgrade “${set.name}” to the paid plan?` });
    await expect(panel.getByTestId("upgrade-cost")).toContainText(
      "The service does not tell this dashboard the price",
    );
    await expect(dialog).toContainText("charges your account, as the set's owner");
    await expect(dialog).toContainText("your billing with the Listing Pricing Service lists the price");
    await dialog.getByRole("button", { name: "Buy the paid plan and charge my account" }).click();

    await expect(dialog).toBeHidden();
    await expectChartsReady(page);
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    expect(new URL(page.url()).searchParams.get("tab")).toBe("analytics");

    // The service agrees, and the page now asks for the paid analytics.
    expect((await svcAs<SetRecord>("owner", "GET", `/sets/${set.id}`)).body.is_paid).toBe(true);
    expect(calls.some((c) => c.id === "sets.aggregatedMetrics")).toBe(true);
    expect(calls.filter((c) => c.id === "sets.upgrade")).toHaveLength(1);

    // Currency in the titles; my associated listings placed; the upgrade in the changelog.
    await expect(page.getByRole("heading", { name: `ADR (${set.currency})`, exact: true })).toBeVisible();
    const placement = page.getByTestId("my-listings-placement");
    await expect(placement).toHaveAttribute("data-state", "ready");
    for (const listing of associated) await expect(placement.getByText(listing.name)).toBeVisible();
    await expect(page.getByTestId("changelog").getByRole("row").nth(1)).toContainText(
      "Upgraded to the paid plan, billed to you",
    );

    // The time series follows the metric picker.
    await page.getByTestId("time-series").getByLabel("Metric").selectOption("occupancy_adjusted");
    await expect(page.getByRole("heading", { name: /^Adjusted occupancy \(%\)/ })).toBeVisible();
    await expect(page.getByTestId("time-series").locator("section[data-state]")).toHaveAttribute(
      "data-state",
      "ready",
    );
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("an upgrade that finds the set already paid says so and shows the analytics", async ({ page }) => {
    const set = await setNamed("Lisbon shortlist");
    await withSessionOf(page, "owner");
    await page.goto(`/sets/${set.id}?tab=analytics`);
    await expect(page.getByTestId("upgrade-panel")).toBeVisible();

    // Someone else buys it meanwhile.
    expect((await svcAs("owner", "POST", `/sets/${set.id}/upgrade`)).status).toBe(200);

    await page.getByRole("button", { name: "Upgrade to paid" }).click();
    await page.getByRole("button", { name: "Buy the paid plan and charge my account" }).click();
    await expect(
      page.getByText("This set is already on the paid plan; its analytics are shown now."),
    ).toBeVisible();
    await expectChartsReady(page);
  });

  test("an editor without manager access sees the upgrade disabled, with who can upgrade", async ({
    page,
  }) => {
    const set = await setNamed("Lisbon shortlist", "editor");
    expect(set.access).toBe("F");
    await withSessionOf(page, "editor");
    const calls = recordServiceCalls(page);
    await page.goto(`/sets/${set.id}?tab=analytics`);

    const panel = page.getByTestId("upgrade-panel");
    await expect(panel.getByRole("button", { name: "Upgrade to paid" })).toBeDisabled();
    const note = panel.getByRole("note");
    await expect(note).toContainText("Only the set's owner or a manager can upgrade it");
    await expect(note).toContainText(set.owner_user_id);
    await expect(panel.getByTestId("billed-to")).toContainText(
      `The set's owner (user ${set.owner_user_id}), not you.`,
    );
    await expect(panel.getByTestId("upgrade-cost")).toContainText(
      "The amount is set by the owner's plan with the Listing Pricing Service.",
    );
    expect(await seriousViolations(page)).toEqual([]);
    expect(calls.filter((c) => c.paidOnly)).toEqual([]);
    expect(calls.filter((c) => c.id === "sets.upgrade")).toEqual([]);
  });

  test("a viewer of a paid set reads its analytics", async ({ page }) => {
    // The set price calendar (comps and my pinned listings' own calendars) and an axe scan of
    // its cells: as slow on a busy machine as the calendar's own tests.
    test.slow();
    const set = await setNamed("Miami Beach core comps", "viewer");
    expect(set.is_paid).toBe(true);
    await withSessionOf(page, "viewer");
    await page.goto(`/sets/${set.id}?tab=analytics`);
    await expectChartsReady(page);
    await expect(page.getByTestId("set-price-calendar")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
