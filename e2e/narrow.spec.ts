import { sections } from "../lib/shell/sections";
import { expect, signInAs, test, withSessionOf } from "./fixtures";
import { narrowPages, PHONE, sidewaysScroll } from "./narrow-support";
import { openSettled } from "./theme-support";

/**
 * Phone and narrow widths: at 390 px no page scrolls sideways (wide
 * tables, calendars and grids scroll inside their own box), and the sections collapse into
 * a Menu that works by pointer and by keyboard. The desktop keeps its sidebar.
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
    test(`no page scrolls sideways once it has settled: ${group.name}`, async ({ page }) => {
      // Some pages draw a calendar of thousands of cells: slow on a busy machine.
      test.setTimeout(420_000);
      const overflowing: string[] = [];
      if (group.signedOut) {
        await openSettled(page, "/sign-in");
        const excess = await sidewaysScroll(page);
        if (excess > 0) overflowing.push(`Sign in: ${excess} px too wide`);
      }
      await withSessionOf(page, "owner");
      for (const { name, path } of group.pages) {
        await openSettled(page, await path());
        const excess = await sidewaysScroll(page);
        if (excess > 0) overflowing.push(`${name}: ${excess} px too wide`);
      }
      expect(overflowing).toEqual([]);
    });
  }

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
