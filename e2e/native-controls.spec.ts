import { expect, seriousViolations, signInAs, test } from "./fixtures";
import { openSettled } from "./theme-support";

/**
 * A segmented control (a view, a period, a window) is a radiogroup of native radio buttons:
 * the browser gives it the keyboard a radiogroup needs, so no script library comes with the
 * page for it. Tried on the usage page's window: "Last N days" or "Range".
 */
test.describe("segmented control", () => {
  test("the group is one tab stop, an arrow key chooses the next choice, and Tab leaves the group", async ({
    page,
  }) => {
    await signInAs(page, "owner");
    await openSettled(page, "/usage");
    const group = page.getByRole("radiogroup", { name: "Window" });
    const days = group.getByRole("radio", { name: "Last N days" });
    const range = group.getByRole("radio", { name: "Range" });
    await expect(days).toBeChecked();

    // One tab stop for the group: Tab from the checked choice leaves it, Shift+Tab comes back to it.
    await days.focus();
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Days", { exact: true })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(days).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(range).toBeChecked();
    await expect(range).toBeFocused();
    await expect(page.getByLabel("From", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/from=/);

    await page.keyboard.press("Tab");
    await expect(page.getByLabel("From", { exact: true })).toBeFocused();
  });

  test("the choice with focus shows a focus ring, and the control passes axe", async ({ page }) => {
    await signInAs(page, "owner");
    await openSettled(page, "/usage");
    const days = page.getByRole("radio", { name: "Last N days" });
    await days.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowLeft");
    await expect(days).toBeFocused();
    const segment = days.locator("xpath=following-sibling::span");
    await expect(segment).not.toHaveCSS("outline-style", "none");
    expect(await seriousViolations(page)).toEqual([]);
  });
});
