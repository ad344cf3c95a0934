import type { Page } from "@playwright/test";
import { addDays, todayUtc } from "../lib/format/dates";
import type { PriceCalendar } from "../lib/svc/schemas/calendar";
import { expect, seriousViolations, signInAs, svcGet, test, type PersonaName } from "./fixtures";

/**
 * The portfolio calendar (/calendar): every listing by every night, rows read as they come
 * into view, and a custom rate set over nights selected across listings.
 */

const grid = (page: Page) => page.getByRole("grid", { name: /^Portfolio calendar/ });
const row = (page: Page, index: number) => grid(page).locator(`[role="row"][aria-rowindex="${index + 2}"]`);

async function openCalendar(page: Page, persona: PersonaName, query = "") {
  await signInAs(page, persona);
  await page.goto(`/calendar${query}`);
  await expect(grid(page)).toBeVisible();
}

test("select nights across three listings and set a custom rate: each listing's calendar has it", async ({
  page,
}) => {
  test.slow();
  // Far enough ahead that most nights are still open.
  const from = addDays(todayUtc(), 200);
  await openCalendar(page, "owner", `?from=${from}&nights=30`);
  for (const r of [0, 1, 2]) await expect(row(page, r)).toHaveAttribute("data-row-state", "ready");
  const ids = await Promise.all([0, 1, 2].map((r) => row(page, r).getAttribute("data-listing")));

  // Three listings × three nights, by pointer then keyboard.
  await grid(page).locator('[data-cell="0:0"]').click();
  await page.keyboard.press("Shift+ArrowDown");
  await page.keyboard.press("Shift+ArrowDown");
  await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press("Shift+ArrowRight");
  await expect(page.getByTestId("selection-bar")).toContainText("Selected: 3 listings × 3 nights");
  await expect(grid(page).locator('[aria-selected="true"]')).toHaveCount(9);

  await page.getByRole("button", { name: "Set custom rate…" }).click();
  const dialog = page.getByRole("dialog", { name: "Set a custom rate" });
  await dialog.getByLabel(/^Price a night/).fill("333");
  await expect(
    dialog.getByRole("table", { name: "The change per listing" }).getByRole("row"),
  ).not.toHaveCount(1);
  await dialog.getByRole("button", { name: /^Apply (anyway )?to \d+ listings?$/ }).click();
  const result = page.getByRole("dialog", { name: "Set a custom rate: the result" });
  await expect(result.getByRole("list", { name: "Result per listing" }).getByRole("listitem")).toHaveCount(3);

  // The service's own calendar of each listing now has the rate on every open selected night.
  const to = addDays(from, 2);
  for (const id of ids) {
    const calendar = await svcGet<PriceCalendar>(
      `/listings/${id}/price_calendar?channel=svc&start_date=${from}&end_date=${to}`,
    );
    for (const night of calendar.nights.filter((n) => !n.is_booked)) {
      expect(night.custom_rate, `${id} ${night.date}`).toEqual({ price_type: "fixed", price_value: 333 });
    }
  }
  await result.getByRole("button", { name: "Done" }).click();

  // The grid read the changed rows again: the first listing's open nights say so.
  const first = await svcGet<PriceCalendar>(
    `/listings/${ids[0]}/price_calendar?channel=svc&start_date=${from}&end_date=${from}`,
  );
  if (!first.nights[0]!.is_booked) {
    await expect(grid(page).locator('[data-cell="0:0"]')).toHaveAttribute(
      "aria-label",
      /Custom rate: Fixed at .?333/,
    );
  }
  // And the listing's own calendar tab shows it.
  await page.goto(`/listings/${ids[0]}?tab=calendar`);
  await expect(
    page
      .getByRole("button")
      .filter({ hasText: /custom rate: Fixed at .?333\./ })
      .first(),
  ).toBeAttached();
});

test("a range of 0 or 366 nights is refused in a sentence and the calendar stays as it was", async ({
  page,
}) => {
  await openCalendar(page, "owner");
  await expect(page.getByTestId("portfolio-calendar")).toHaveAttribute("data-nights", "90");
  const nights = page.getByLabel("Nights (1 to 365)");
  for (const [typed, sentence] of [
    ["366", "The calendar shows at most 365 nights."],
    ["0", "Show at least 1 night."],
  ] as const) {
    await nights.fill(typed);
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect(page.getByText(`The range was not changed: ${sentence}`)).toBeVisible();
    await expect(nights).toHaveValue(typed);
    await expect(page.getByTestId("portfolio-calendar")).toHaveAttribute("data-nights", "90");
  }
  await nights.fill("14");
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page.getByTestId("portfolio-calendar")).toHaveAttribute("data-nights", "14");
  await expect(page).toHaveURL(/nights=14/);
});

test("as the viewer, nights can be selected but not changed, and the reason is said", async ({ page }) => {
  await openCalendar(page, "viewer");
  await expect(row(page, 0)).toHaveAttribute("data-row-state", "ready");
  await grid(page).locator('[data-cell="0:0"]').click();
  const bar = page.getByTestId("selection-bar");
  await expect(bar.getByRole("button", { name: "Set custom rate…" })).toBeDisabled();
  await expect(bar.getByRole("button", { name: "Set minimum stay…" })).toBeDisabled();
  await expect(page.getByTestId("selection-disabled-reason")).toContainText("view-only access");
});

test("the portfolio calendar with a selection and its night details passes axe", async ({ page }) => {
  test.slow();
  await openCalendar(page, "owner");
  await expect(row(page, 0)).toHaveAttribute("data-row-state", "ready");
  await grid(page).locator('[data-cell="0:0"]').click();
  await page.keyboard.press("Shift+ArrowRight");
  await expect(page.getByTestId("night-details")).toContainText(/Price: /);
  expect(await seriousViolations(page)).toEqual([]);
});
