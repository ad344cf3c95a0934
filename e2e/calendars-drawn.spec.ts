import type { Page } from "@playwright/test";
import { expect, portfolioOf, signInAs, test, withSessionOf } from "./fixtures";

/**
 * The two calendars draw their grids in a render after the service's answer, in slices React
 * can interleave with the browser's work (components/ui/drawn-later.tsx), in a box of the
 * grid's size; the year's months off screen wait to be styled until they come near; and a
 * page's first number format happens while it waits for its answers (docs/page-budgets-decisions.md).
 */

type Box = { width: number; height: number };
type Watch = { placeholder?: Box; grid?: Box; placeholderFirst?: boolean };

/** Records the first box of `placeholder` and of `grid` as they enter the page, and their order. */
function watchBoxes(page: Page, placeholder: string, grid: string) {
  return page.addInitScript(
    ({ placeholder, grid }) => {
      const seen: Watch = {};
      (window as unknown as { __boxes: Watch }).__boxes = seen;
      const boxOf = (selector: string) => {
        const element = document.querySelector(selector);
        if (!element) return undefined;
        const { width, height } = element.getBoundingClientRect();
        return { width, height };
      };
      new MutationObserver(() => {
        seen.placeholder ??= boxOf(placeholder);
        seen.grid ??= boxOf(grid);
        if (seen.placeholderFirst === undefined && (seen.placeholder || seen.grid))
          seen.placeholderFirst = seen.grid === undefined;
      }).observe(document, { childList: true, subtree: true });
    },
    { placeholder, grid },
  );
}

const boxes = (page: Page) => page.evaluate(() => (window as unknown as { __boxes: Watch }).__boxes);

async function ownListing() {
  const listing = (await portfolioOf("owner")).find((l) => l.is_active && !l.is_hidden);
  expect(listing, "an active listing of the owner's").toBeDefined();
  return listing!;
}

test.describe("calendars drawn after their answers", () => {
  test("the portfolio grid is drawn in a render after the listings' answer, in a box of its own size", async ({
    page,
  }) => {
    await watchBoxes(page, '[data-testid="portfolio-grid-placeholder"]', '[data-testid="portfolio-grid"]');
    await withSessionOf(page, "owner");
    await page.goto("/calendar");
    await expect(page.getByRole("grid", { name: /^Portfolio calendar/ })).toBeVisible();
    const seen = await boxes(page);
    expect(seen.placeholderFirst).toBe(true);
    expect(seen.grid).toEqual(seen.placeholder);
    await expect(page.getByTestId("portfolio-grid-placeholder")).toHaveCount(0);
  });

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

  test("a page's first number format runs in an idle moment while it waits for its answers", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const seen: { firstInIdle?: boolean } = {};
      (window as unknown as { __format: typeof seen }).__format = seen;
      let inIdle = false;
      const requestIdle = window.requestIdleCallback.bind(window);
      window.requestIdleCallback = (callback, options) =>
        requestIdle((deadline) => {
          inIdle = true;
          try {
            callback(deadline);
          } finally {
            inIdle = false;
          }
        }, options);
      const note = () => void (seen.firstInIdle ??= inIdle);
      Intl.NumberFormat = new Proxy(Intl.NumberFormat, {
        construct: (target, args) => (note(), Reflect.construct(target, args)),
        apply: (target, self, args) => (note(), Reflect.apply(target, self, args)),
      });
      const toLocale = Number.prototype.toLocaleString;
      Number.prototype.toLocaleString = function (this: number, ...args: []) {
        note();
        return toLocale.apply(this, args);
      };
    });
    await signInAs(page, "owner");
    // The answers held back a moment, as a distant service would: the page waits, idle.
    await page.route("**/api/svc/**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.goto("/calendar");
    await expect(page.getByRole("grid", { name: /^Portfolio calendar/ })).toBeVisible({ timeout: 30_000 });
    const seen = await page.evaluate(
      () => (window as unknown as { __format: { firstInIdle?: boolean } }).__format,
    );
    expect(seen.firstInIdle).toBe(true);
  });
});
