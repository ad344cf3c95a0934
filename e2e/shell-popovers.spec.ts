import type { Page } from "@playwright/test";
import { expect, scriptRequests, test, withSessionOf } from "./fixtures";
import { bell } from "./notifications-support";
import { openSettled } from "./theme-support";

/**
 * The shell's two popovers, the bell's panel and the display preferences (script per
 * route): their code is not part of a page's first load but comes with the first move towards
 * their buttons (lazyDialog, components/ui/lazy.tsx). To the user nothing changes: a click or
 * Enter opens them, focus moves in and comes back on Escape, and a fetch that fails says so.
 */

const preferences = (page: Page) => page.getByRole("button", { name: "Display preferences" });

test.describe("the shell's popovers", () => {
  test.beforeEach(async ({ page }) => {
    await withSessionOf(page, "owner");
    await openSettled(page, "/webhooks");
  });

  test("their code comes with a pointer over the button, not with the page", async ({ page }) => {
    const fetched = scriptRequests(page);
    await page.waitForTimeout(500); // the page is settled: nothing more comes on its own
    expect(fetched).toEqual([]);
    await preferences(page).hover();
    await expect.poll(() => fetched.length).toBeGreaterThan(0);
    await expect(preferences(page)).toHaveAttribute("aria-expanded", "false");
    const before = fetched.length;
    await bell(page).hover();
    await expect.poll(() => fetched.length).toBeGreaterThan(before);
  });

  test("from the keyboard: Enter opens each, focus moves in, Escape closes and focus returns to its button", async ({
    page,
  }) => {
    await preferences(page).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Display preferences" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Theme");
    await expect(preferences(page)).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(preferences(page)).toBeFocused();

    await bell(page).focus();
    await page.keyboard.press("Enter");
    const panel = page.getByRole("dialog", { name: "Notifications" });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("heading", { name: "Notifications" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(bell(page)).toBeFocused();

    // Opened once, each opens again at once (its code is kept).
    await preferences(page).click();
    await expect(dialog).toBeVisible();
  });

  test("when its code cannot be fetched, the click says so in a sentence, and the next click tries again", async ({
    page,
  }) => {
    await page.route("**/_next/static/chunks/**", (route) => route.abort());
    await preferences(page).click();
    await expect(
      page.getByText("Part of this page could not be loaded. Check your connection and reload the page."),
    ).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Display preferences" })).toHaveCount(0);

    await page.unroute("**/_next/static/chunks/**");
    await preferences(page).click();
    await expect(page.getByRole("dialog", { name: "Display preferences" })).toBeVisible();
  });
});
