import { expect, portfolioOf, test, withSessionOf } from "./fixtures";

/**
 * The listing calendar draws its year in a render after the service's answer (React's
 * `useDeferredValue`, in slices it can interleave with the browser's work), and the months
 * off screen wait to be styled until they come near (`content-visibility: auto`).
 */

async function ownListing() {
  const listing = (await portfolioOf("owner")).find((l) => l.is_active && !l.is_hidden);
  expect(listing, "an active listing of the owner's").toBeDefined();
  return listing!;
}

test.describe("the listing calendar drawn after its answer", () => {
  test("the calendar tab shows the answer at once and draws its twelve months in a render after", async ({
    page,
  }) => {
    const listing = await ownListing();
    await page.addInitScript(() => {
      const seen: { monthsWithAnswer?: number } = {};
      (window as unknown as { __tab: typeof seen }).__tab = seen;
      new MutationObserver(() => {
        if (seen.monthsWithAnswer !== undefined) return;
        if (!document.querySelector('[data-testid="price-calendar"][data-state="ready"]')) return;
        seen.monthsWithAnswer = document.querySelectorAll("table[data-month]").length;
      }).observe(document, { childList: true, subtree: true, attributes: true });
    });
    await withSessionOf(page, "owner");
    await page.goto(`/listings/${listing.svc_id}?tab=calendar`);
    await expect(page.locator("table[data-month]")).toHaveCount(12);
    await expect(page.getByTestId("calendar-grid-skeleton")).toHaveCount(0);
    const seen = await page.evaluate(
      () => (window as unknown as { __tab: { monthsWithAnswer?: number } }).__tab,
    );
    expect(seen.monthsWithAnswer).toBe(0);
  });

  test("months off screen wait until they come near, and drawing them moves nothing", async ({ page }) => {
    const listing = await ownListing();
    await page.setViewportSize({ width: 390, height: 800 });
    await withSessionOf(page, "owner");
    await page.goto(`/listings/${listing.svc_id}?tab=calendar`);
    const months = page.locator("table[data-month]");
    await expect(months).toHaveCount(12);
    const drawn = () =>
      months.evaluateAll((tables) => tables.map((t) => t.checkVisibility({ contentVisibilityAuto: true })));
    await expect.poll(async () => (await drawn()).at(-1)).toBe(false);
    const heightBefore = await page.evaluate(() => document.documentElement.scrollHeight);

    // Scrolled through the year: each month is drawn once it comes near (and skipped again far behind).
    const everDrawn = await page.evaluate(async () => {
      const tables = [...document.querySelectorAll("table[data-month]")];
      const ever = tables.map(() => false);
      for (let y = 0; y <= document.documentElement.scrollHeight; y += 200) {
        window.scrollTo(0, y);
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        tables.forEach((t, i) => (ever[i] ||= t.checkVisibility({ contentVisibilityAuto: true })));
      }
      return ever;
    });
    expect(everDrawn).toEqual(Array(12).fill(true));
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(heightBefore);
  });
});
