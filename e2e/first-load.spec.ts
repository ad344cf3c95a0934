import { COMPILE_HINT } from "../scripts/compile-hints.mjs";
import { expect, signInAs, test, withSessionOf } from "./fixtures";
import { openSettled } from "./theme-support";

/**
 * What a page starts with (the longest task on a cold load;
 * docs/page-budgets-decisions.md): its scripts carry V8's compile hint, so the browser compiles
 * them while they stream instead of function by function on the main thread; and its text is
 * drawn in the dashboard's own typeface, preloaded from its origin, so the first layout does
 * not wait for the system's fonts to be matched.
 */

test.describe("what a page starts with", () => {
  test("each script the page's HTML names is compiled while it streams", async ({ page }) => {
    await signInAs(page, "owner");
    const html = await (await page.request.get("/webhooks")).text();
    // The polyfills' script (nomodule) is one no current browser runs.
    const named = [...html.matchAll(/<script src="([^"]+)"[^>]*>/g)]
      .filter((match) => !/nomodule/i.test(match[0]))
      .map((match) => match[1]!);
    expect(named.length).toBeGreaterThan(3);
    for (const src of named) {
      const body = await (await page.request.get(src)).text();
      expect(body.startsWith(COMPILE_HINT), `${src} starts with the compile hint`).toBe(true);
    }
  });

  test("the text is drawn in the dashboard's own typeface, preloaded from its origin and kept a year", async ({
    page,
  }) => {
    await withSessionOf(page, "owner");
    await openSettled(page, "/sets");
    const href = await page.locator('head link[rel="preload"][as="font"]').getAttribute("href");
    expect(href).toMatch(/^\/_next\/static\/media\/.+\.woff2$/);
    const file = await page.request.get(href!);
    expect(file.headers()["content-type"]).toBe("font/woff2");
    expect(file.headers()["cache-control"]).toContain("immutable");

    const drawn = await page.evaluate(async () => {
      await document.fonts.ready;
      const first = (element: Element) => getComputedStyle(element).fontFamily.split(",")[0]!.trim();
      return {
        loaded: [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family),
        heading: first(document.querySelector("h1")!),
        navigation: first(document.querySelector("nav")!),
      };
    });
    expect(drawn.loaded).toHaveLength(1);
    expect(drawn.heading).toBe(drawn.loaded[0]);
    expect(drawn.navigation).toBe(drawn.loaded[0]);
  });
});
