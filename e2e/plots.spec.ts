import type { Page } from "@playwright/test";
import { expect, seriousViolations, test, withSessionOf } from "./fixtures";
import { expectMarketReady } from "./market-support";
import { choose } from "./theme-support";

/**
 * A chart's plot on the page (components/charts/chart-plot.tsx): drawn in two renders, its
 * frame and then its series in a task of their own, so that no plot's mount is one long task
 * (docs/page-budgets-decisions.md); and its tooltip readable in either theme.
 */
const SERIES = ".recharts-area, .recharts-line, .recharts-bar-rectangle";
/** The market's trend chart: the first plot its page draws. */
const TREND_PLOT = '[data-testid="market-trend"] [data-plot]';

/** Watches the first plot to appear: were its series in the very commit that added its frame? */
function watchFirstPlot(page: Page) {
  return page.addInitScript(
    ({ series, plot }) => {
      const seen: { framedAlone?: boolean } = {};
      (window as unknown as { __firstPlot: typeof seen }).__firstPlot = seen;
      new MutationObserver(() => {
        if (seen.framedAlone !== undefined) return;
        const surface = document.querySelector(`${plot} .recharts-surface`);
        if (surface) seen.framedAlone = surface.querySelectorAll(series).length === 0;
      }).observe(document, { childList: true, subtree: true });
    },
    { series: SERIES, plot: TREND_PLOT },
  );
}

const firstPlot = (page: Page) => page.locator(`${TREND_PLOT}[data-plot="drawn"]`);

test.describe("plots", () => {
  test("a plot draws its frame first and its series in a later task, and says drawn only once they are in", async ({
    page,
  }) => {
    await watchFirstPlot(page);
    await withSessionOf(page, "owner");
    await page.goto("/market/mkt_austin");
    await expectMarketReady(page, "Austin");
    await expect(firstPlot(page)).toBeVisible({ timeout: 30_000 });
    await expect(firstPlot(page).locator(".recharts-cartesian-axis")).not.toHaveCount(0);
    expect(await firstPlot(page).locator(SERIES).count()).toBeGreaterThan(0);
    const seen = await page.evaluate(
      () => (window as unknown as { __firstPlot: { framedAlone?: boolean } }).__firstPlot,
    );
    expect(seen.framedAlone).toBe(true);
  });

  test("hovering a plot shows its tooltip in the theme's ink, readable in the light and the dark theme", async ({
    page,
  }) => {
    await withSessionOf(page, "owner");
    await page.goto("/market/mkt_austin");
    await expectMarketReady(page, "Austin");
    for (const theme of ["Light", "Dark"]) {
      if (theme === "Dark") await choose(page, "Dark");
      const surface = firstPlot(page).locator(".recharts-surface");
      await surface.hover();
      const box = (await surface.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2 + 10, box.y + box.height / 2);
      const tooltip = firstPlot(page).locator(".recharts-tooltip-item").first();
      await expect(tooltip).toBeVisible();
      const colours = await tooltip.evaluate((item) => {
        const probe = document.createElement("span");
        probe.style.color = "var(--chart-ink)";
        document.body.append(probe);
        const ink = getComputedStyle(probe).color;
        probe.remove();
        return { item: getComputedStyle(item).color, ink };
      });
      expect(colours.item, theme).toBe(colours.ink);
      expect(await seriousViolations(page), theme).toEqual([]);
    }
  });
});
