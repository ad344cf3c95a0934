import { sections } from "../lib/shell/sections";
import { expect, seriousViolations, signInAs, test, withSessionOf } from "./fixtures";
import { cutOff, narrowPages, nightsAcross, PHONE, sidewaysScroll } from "./narrow-support";
import { listingWorkspacePath, openSettled } from "./theme-support";

/** What a page's reader checks: its title, headings and labelled figures. */
const KEY_TEXT = "main h1, main h2, main h3, main dt, main dd";

/**
 * Phone and narrow widths: at 390 px no page scrolls sideways (wide tables, calendars and
 * grids scroll inside their own box), every page's headings and figures are within the screen
 * and it passes axe, and the sections collapse into a Menu that works by pointer and by
 * keyboard while the API budget stays in the header. By touch, the portfolio calendar shows a
 * week across and selects by tap then tap, and the listing calendar's night opens as a sheet.
 * The desktop keeps its sidebar.
 */

test.describe("at 390 px", () => {
  test.use({ viewport: PHONE });

  // Split in three so that a loaded machine stays within the timeout and a failure names its group.
  const sectionPages = narrowPages.slice(0, sections.length);
  const workspacePages = narrowPages.filter((p) => p.name.startsWith("Listing workspace"));
  const groups = [
    { name: "the sign-in page and every section", pages: sectionPages, signedOut: true },
    { name: "the listing workspace on every tab", pages: workspacePages },
    {
      name: "a paid set on every tab, a market, a segment and the pages reached from a section",
      pages: narrowPages.filter((p) => !sectionPages.includes(p) && !workspacePages.includes(p)),
    },
  ];
  for (const group of groups) {
    test(`no page scrolls sideways, its key figures are on screen and it passes axe: ${group.name}`, async ({
      page,
    }) => {
      // Some pages draw a calendar of thousands of cells, and axe reads each: slow on a busy machine.
      test.setTimeout(600_000);
      const failures: string[] = [];
      const check = async (name: string) => {
        const excess = await sidewaysScroll(page);
        if (excess > 0) failures.push(`${name}: ${excess} px too wide`);
        await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
        const cut = await cutOff(page, KEY_TEXT, { ownBoxes: true });
        if (cut.length > 0) failures.push(`${name}: cut off at the edge: ${cut.join(" | ")}`);
        for (const violation of await seriousViolations(page)) failures.push(`${name}: ${violation}`);
      };
      if (group.signedOut) {
        await openSettled(page, "/sign-in");
        await check("Sign in");
      }
      await withSessionOf(page, "owner");
      for (const { name, path } of group.pages) {
        await openSettled(page, await path());
        await check(name);
      }
      expect(failures).toEqual([]);
    });
  }

  test("the Overview's pulse shows every figure and its label within the screen", async ({ page }) => {
    await signInAs(page, "owner");
    await openSettled(page, "/");
    const pulse = page.getByTestId("pulse");
    await expect(pulse).toHaveAttribute("data-state", "ready", { timeout: 60_000 });
    const figures = pulse.locator('[data-testid^="pulse-"] :is(dd, dt, td, th)');
    await expect(figures.first()).toBeVisible();
    // No exception for a scrolling box here: the pulse is read at a glance, never scrolled.
    expect(await cutOff(page, '[data-testid="pulse"] :is(dd, dt, td, th, [aria-hidden="true"])')).toEqual([]);
    for (const label of ["Revenue on the books", "Occupancy", "ADR"]) {
      // The labels seen beside the figures (a tile's term, or a stacked row's label); the
      // column headers are left for screen readers.
      const seen = pulse.locator(':is(dt, [aria-hidden="true"])', { hasText: new RegExp(`^${label}$`) });
      await expect(seen.first()).toBeInViewport();
    }
  });

  test("the header keeps the API budget in view, and it opens the full meter", async ({ page }) => {
    await signInAs(page, "owner");
    const badge = page.getByRole("button", { name: /^API budget: / });
    await expect(badge).toBeInViewport();
    await expect(badge).toHaveAccessibleName(
      /^API budget: (\d+ of \d+ requests left this minute|not measured yet)$/,
    );
    await badge.click();
    const meter = page.getByRole("dialog", { name: "API budget" });
    await expect(meter.getByText(/API budget: \d+ of \d+ this minute/)).toBeVisible();
    await expect(meter.getByRole("meter", { name: "Requests left this minute" })).toBeInViewport();
    await page.keyboard.press("Escape");
    await expect(meter).toBeHidden();
    await expect(badge).toBeFocused();
  });

  test("the Menu lists every section, navigates, and closes, by pointer and by keyboard", async ({
    page,
  }) => {
    await signInAs(page, "owner");
    const menuButton = page.getByRole("button", { name: "Menu", exact: true });
    const menu = page.getByRole("dialog", { name: "Menu" });
    const nav = menu.getByRole("navigation", { name: "Sections" });

    // The sidebar is gone; the header keeps its everyday controls within the screen.
    await expect(page.getByRole("navigation", { name: "Sections" })).toBeHidden();
    await expect(page.getByRole("button", { name: /^Notifications, / })).toBeInViewport();
    await expect(page.getByRole("button", { name: "Display preferences" })).toBeInViewport();
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");

    await menuButton.click();
    await expect(menu).toBeVisible();
    // The modal hides the rest of the page, its button included, from assistive technology.
    await expect(
      page.getByRole("button", { name: "Menu", exact: true, includeHidden: true }),
    ).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link")).toHaveText(sections.map((s) => s.label));
    await expect(nav.getByRole("link", { name: "Listings", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    // What left the header is in the menu: who is signed in, the budget, sign out.
    await expect(menu.getByTestId("signed-in-as")).toHaveText(/./);
    await expect(menu.getByText(/API budget/)).toBeVisible();
    await expect(menu.getByRole("button", { name: "Sign out" })).toBeVisible();

    await nav.getByRole("link", { name: "Sets", exact: true }).click();
    await page.waitForURL("**/sets");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    // By keyboard: Enter opens, Escape closes and gives focus back to the button.
    await menuButton.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await expect(nav.getByRole("link", { name: "Sets", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();

    // Tab to a section and Enter: it opens, and the menu closes behind it.
    await page.keyboard.press("Enter");
    const team = nav.getByRole("link", { name: "Team", exact: true });
    for (let presses = 0; presses <= sections.length + 2; presses++) {
      if (await team.evaluate((link) => link === document.activeElement)) break;
      await page.keyboard.press("Tab");
    }
    await expect(team).toBeFocused();
    await page.keyboard.press("Enter");
    await page.waitForURL("**/team");
    await expect(menu).toBeHidden();
    await menuButton.click();
    await expect(team).toHaveAttribute("aria-current", "page");
  });
});

test("on a desktop the sections stay a sidebar and there is no Menu button", async ({ page }) => {
  await signInAs(page, "owner");
  await expect(page.getByRole("navigation", { name: "Sections" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeHidden();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(page.getByText(/API budget: \d+ of \d+ this minute/)).toBeVisible();
});

test.describe("on a phone's touch screen", () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test("the portfolio calendar shows a week across, speaks of taps, and a tap then a tap selects the nights between", async ({
    page,
  }) => {
    await signInAs(page, "owner");
    await openSettled(page, "/calendar");
    const grid = page.getByTestId("portfolio-grid");
    await expect(grid).toBeVisible();
    expect(await nightsAcross(page)).toBeGreaterThanOrEqual(7);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

    const how = page.getByTestId("selection-how");
    await expect(how).toContainText("Tap a night, then tap another to select the nights between");
    await expect(how).not.toContainText("Shift");
    await expect(how).not.toContainText("arrow keys");

    await grid.locator('[data-cell="0:1"]').tap();
    const bar = page.getByRole("region", { name: "Selection" });
    await expect(bar).toContainText("1 listing × 1 night");
    await expect(bar).toContainText("Tap another night");
    await grid.locator('[data-cell="1:4"]').tap();
    await expect(bar).toContainText("2 listings × 4 nights");
    for (const row of [0, 1]) {
      for (let col = 0; col <= 5; col++) {
        await expect(grid.locator(`[data-cell="${row}:${col}"]`)).toHaveAttribute(
          "aria-selected",
          String(col >= 1 && col <= 4),
        );
      }
    }
    // A third tap starts again on the night tapped.
    await grid.locator('[data-cell="2:2"]').tap();
    await expect(bar).toContainText("1 listing × 1 night");
    await expect(grid.locator('[data-cell="0:1"]')).toHaveAttribute("aria-selected", "false");
  });

  test("the listing calendar's night opens as a sheet that Escape and its close button close, focus back on the night", async ({
    page,
  }) => {
    await signInAs(page, "owner");
    await openSettled(page, `${await listingWorkspacePath()}?tab=calendar`);
    const calendar = page.getByTestId("price-calendar");
    await expect(calendar).toHaveAttribute("data-state", "ready", { timeout: 60_000 });
    const nights = calendar.locator("button[data-date]");
    const sheet = page.getByRole("dialog", { name: "Night details" });
    // No panel over a third of the screen: the details wait for a night to be chosen.
    await expect(sheet).toBeHidden();
    await expect(page.getByTestId("night-details")).toHaveCount(0);

    const night = nights.nth(2);
    const date = await night.getAttribute("data-date");
    await night.tap();
    await expect(sheet).toBeVisible();
    await expect(sheet.getByTestId("night-details")).toHaveAttribute("data-night", date!);
    await expect(sheet).toBeInViewport();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(night).toBeFocused();

    const other = nights.nth(5);
    await other.tap();
    await expect(sheet.getByTestId("night-details")).toHaveAttribute(
      "data-night",
      (await other.getAttribute("data-date"))!,
    );
    await sheet.getByRole("button", { name: "Close night details" }).tap();
    await expect(sheet).toBeHidden();
    await expect(other).toBeFocused();
  });
});
