import { expect, seriousViolations, test, withSessionOf } from "./fixtures";
import { openSettled } from "./theme-support";

/**
 * Controls on pages' first screens are the browser's own, so no script library comes with the
 * page for them: a segmented control (a view, a period, a window) is a radiogroup of native
 * radio buttons, tried on the usage page's window ("Last N days" or "Range"); a switch is a
 * native checkbox with the switch role, tried on the portfolio's "Active only".
 */
test.describe("segmented control", () => {
  test("the group is one tab stop, an arrow key chooses the next choice, and Tab leaves the group", async ({
    page,
  }) => {
    await withSessionOf(page, "owner");
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
    await withSessionOf(page, "owner");
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

test.describe("switch", () => {
  test("Space turns it on and off, the URL follows, and focus shows a ring", async ({ page }) => {
    await withSessionOf(page, "owner");
    await openSettled(page, "/listings");
    const active = page.getByRole("switch", { name: "Active only" });
    await expect(active).not.toBeChecked();
    await active.focus();
    await page.keyboard.press("Space");
    await expect(active).toBeChecked();
    await expect(page).toHaveURL(/activeOnly=true/);
    const track = active.locator("xpath=following-sibling::span[1]");
    await expect(track).not.toHaveCSS("outline-style", "none");
    await page.keyboard.press("Space");
    await expect(active).not.toBeChecked();
    await expect(page).not.toHaveURL(/activeOnly=true/);
  });
});
