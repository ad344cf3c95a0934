import { READ_ONLY_SEGMENT_REASON } from "../lib/segments/display";
import { expect, keyOf, scriptBodies, test, withSessionOf } from "./fixtures";
import { openSettled } from "./theme-support";
import { signInWithKey } from "./webhooks-support";

/**
 * Tooltips (script per route): each says why a control is unavailable, so their
 * code (Radix's tooltip and popper) comes only with a page that shows one
 * (components/ui/tooltip.tsx). A page with full access loads none; a read-only key's page
 * shows the control at once and the reason on hover and focus, rendered on the server or not.
 */

/** A string only Radix's popper carries, minified or not. */
const POPPER_MARK = "data-radix-popper-content-wrapper";

/** How many of the scripts fetched since `watch` carry the popper. */
const popperScripts = (watch: () => Promise<string[]>) => async () =>
  (await watch()).filter((body) => body.includes(POPPER_MARK)).length;

test.describe("tooltips load with the pages that show one", () => {
  test("the owner's segments and notifications pages fetch no tooltip code", async ({ page }) => {
    await withSessionOf(page, "owner");
    const popperCount = popperScripts(scriptBodies(page));
    await openSettled(page, "/segments");
    await openSettled(page, "/notifications");
    await page.waitForTimeout(500); // settled: nothing more comes on its own
    expect(await popperCount()).toBe(0);
  });

  test("a read-only key sees New segment disabled at once, and its reason on hover and on focus", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await signInWithKey(page, await keyOf("owner", "read_only"));
    const popperCount = popperScripts(scriptBodies(page));
    await openSettled(page, "/segments");
    const create = page.getByRole("button", { name: "New segment" });
    await expect(create).toBeDisabled();
    await create.locator("..").hover();
    await expect(page.getByRole("tooltip")).toContainText(READ_ONLY_SEGMENT_REASON);
    expect(await popperCount()).toBeGreaterThan(0);

    await page.keyboard.press("Escape");
    await expect(page.getByRole("tooltip")).toHaveCount(0);
    await create.locator("..").focus();
    await expect(page.getByRole("tooltip")).toContainText(READ_ONLY_SEGMENT_REASON);
    expect(errors).toEqual([]);
  });
});
