import { formatDistance } from "../lib/display/distance";
import type { CandidateListing } from "../lib/svc/schemas/sets";
import { expect, portfolioOf, seriousViolations, signInAs, svcGet, test, withSessionOf } from "./fixtures";
import { backgroundLevel, choose, openSettled, themedPages, themeOf } from "./theme-support";

/**
 * Display preferences: a dark theme that follows the system setting or
 * the reader's choice, readable on every page (axe's colour-contrast rule included:
 * seriousViolations runs every rule), and distances in kilometres or miles.
 */

test.describe("the dark theme", () => {
  test.describe("following a dark system setting", () => {
    test.use({ colorScheme: "dark" });

    for (const { name, path } of themedPages) {
      test(`${name} passes axe, colour contrast included`, async ({ page }) => {
        // axe reads every one of the set calendar's thousands of cells: slow on a busy machine.
        test.setTimeout(180_000);
        await withSessionOf(page, "owner");
        await openSettled(page, await path());
        expect(await themeOf(page)).toBe("dark");
        expect(await backgroundLevel(page)).toBeLessThan(40);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test("Light overrides the system setting and survives a reload", async ({ page }) => {
      await withSessionOf(page, "owner");
      await page.goto("/");
      expect(await themeOf(page)).toBe("dark");
      expect(await backgroundLevel(page)).toBeLessThan(40);
      await choose(page, "Light");
      expect(await themeOf(page)).toBe("light");
      await page.reload();
      expect(await themeOf(page)).toBe("light");
      expect(await backgroundLevel(page)).toBeGreaterThan(200);
    });
  });

  test.describe("on a light system", () => {
    test.use({ colorScheme: "light" });

    test("the switch on Dark turns every page dark, survives a reload and passes axe", async ({ page }) => {
      // The same CSS as a dark system setting (data-theme="dark" either way), so axe runs on
      // the two pages with the most colour; every page is checked to be dark.
      test.setTimeout(180_000);
      await withSessionOf(page, "owner");
      await page.goto("/");
      expect(await themeOf(page)).toBe("light");
      await choose(page, "Dark");
      expect(await themeOf(page)).toBe("dark");
      await page.reload();
      expect(await themeOf(page)).toBe("dark");
      await page.getByRole("button", { name: "Display preferences" }).click();
      await expect(page.getByRole("radio", { name: "Dark", exact: true })).toBeChecked();
      await page.keyboard.press("Escape");
      for (const { name, path } of themedPages) {
        await page.goto(await path());
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        expect(await themeOf(page), name).toBe("dark");
        expect(await backgroundLevel(page), name).toBeLessThan(40);
        if (name === "Overview" || name === "Market report of Austin") {
          await openSettled(page, await path());
          expect(await seriousViolations(page), name).toEqual([]);
        }
      }
    });

    test("less motion asked for: a button changes colour at once, without a transition", async ({ page }) => {
      await withSessionOf(page, "owner");
      await page.goto("/");
      // Every Button eases its colours (components/ui/button.tsx).
      const button = page.locator("button.transition-colors").first();
      const duration = () => button.evaluate((el) => getComputedStyle(el).transitionDuration);
      expect(await duration()).not.toBe("0s");
      await page.emulateMedia({ reducedMotion: "reduce" });
      expect(await duration()).toBe("0s");
    });

    test("System follows the device when its setting changes, without a reload", async ({ page }) => {
      await withSessionOf(page, "owner");
      await page.goto("/");
      expect(await themeOf(page)).toBe("light");
      await page.emulateMedia({ colorScheme: "dark" });
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
      await page.emulateMedia({ colorScheme: "light" });
      await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    });

    test("no flash: the stored theme is on the page before its content is parsed", async ({ page }) => {
      await signInAs(page, "owner");
      await choose(page, "Dark");
      // Recorded by the page itself at DOMContentLoaded, before any React code has run.
      await page.addInitScript(() => {
        document.addEventListener("DOMContentLoaded", () => {
          (window as unknown as { themeAtLoad: string | null }).themeAtLoad =
            document.documentElement.getAttribute("data-theme");
        });
      });
      for (const path of ["/", "/sign-in"]) {
        await page.goto(path);
        expect(
          await page.evaluate(() => (window as unknown as { themeAtLoad: string | null }).themeAtLoad),
        ).toBe("dark");
      }
    });
  });
});

test.describe("distances", () => {
  test("switching to miles changes the candidates' distances and the radius the search takes", async ({
    page,
  }) => {
    test.slow();
    await withSessionOf(page, "owner");
    await page.goto("/sets/new");
    const [anchor] = await portfolioOf("owner");
    const radius = page.getByLabel("Radius (km)");
    await expect(radius).toHaveValue("5");
    await page.getByLabel("Your listing").selectOption(anchor!.svc_id);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const results = page.getByTestId("candidate-results");
    await expect(results).toHaveAttribute("data-state", "ready");
    await expect(page.getByText(/^\d+ candidates within 5 km of/)).toBeVisible();
    // Nearest first: the first row under my listing's reference row is the service's nearest
    // candidate.
    const [nearest] = await svcGet<CandidateListing[]>(
      `/sets/candidates?listing_id=${anchor!.svc_id}&channel=svc&radius_km=5&per_page=1`,
    );
    const distance = results.locator("tbody tr:not([data-reference])").first().getByRole("cell").nth(2);
    await expect(distance).toHaveText(formatDistance(nearest!.distance_km, "km"));

    await choose(page, "Miles");
    await expect(distance).toHaveText(formatDistance(nearest!.distance_km, "mi"));
    expect(await distance.innerText()).toMatch(/ mi$/);
    // What was typed is converted, not lost: 5 km reads 3.1 mi.
    await expect(page.getByLabel("Radius (mi)")).toHaveValue("3.1");

    const searched = page.waitForRequest((r) => r.url().includes("/api/svc/sets/candidates"));
    await page.getByLabel("Radius (mi)").fill("2");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    expect(new URL((await searched).url()).searchParams.get("radius_km")).toBe("3.219");
    await expect(page.getByText(/^\d+ candidates within 2 mi of/)).toBeVisible();

    await page.reload();
    await expect(page.getByLabel("Radius (mi)")).toHaveValue("3.1");
  });

  test.describe("in a browser set to American English", () => {
    test.use({ locale: "en-US" });

    test("distances start in miles", async ({ page }) => {
      await withSessionOf(page, "owner");
      await page.goto("/sets/new");
      await expect(page.getByLabel("Radius (mi)")).toHaveValue("3.1");
      await expect(page.getByText("Default 3.1, at most 31.")).toBeVisible();
    });
  });
});
