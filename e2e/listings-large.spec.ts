import type { Page } from "@playwright/test";
import type { PortfolioKpiRow } from "../lib/svc/schemas/kpis";
import type { Listing } from "../lib/svc/schemas/listings";
import { expect, keyOf, SANDBOX, seriousViolations, signInAs, sortColumn, svcGet, test } from "./fixtures";

/**
 * The Listings page at 1,500 listings (portfolio_manager): a service page at a time on load,
 * the service's own ranking a page at a time, and the whole portfolio read on request.
 */

/** The page's reads of the listing index and of GET /listings/kpis (the switcher's per_page=1 probes aside). */
function watchPortfolioReads(page: Page) {
  const seen = { pages: [] as string[], kpis: [] as string[] };
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/svc/listings" && url.searchParams.get("per_page") !== "1") {
      seen.pages.push(url.search);
    } else if (url.pathname === "/api/svc/listings/kpis") {
      seen.kpis.push(url.search);
    }
  });
  return seen;
}

/** Every listing of the persona, as the service answers it, in its order. */
async function wholePortfolio(): Promise<Listing[]> {
  const key = await keyOf("portfolio_manager");
  const all: Listing[] = [];
  for (let page = 1; ; page += 1) {
    const response = await fetch(`${SANDBOX}/listings?page=${page}&per_page=100`, {
      headers: { "x-api-key": key },
    });
    const batch = (await response.json()) as Listing[];
    all.push(...batch);
    if (batch.length < 100) return all;
  }
}

/** Signs in once her portfolio is written (the service writes it on her key's first request, in seconds). */
async function signInAsManager(page: Page) {
  await svcGet("/listings?per_page=1", "portfolio_manager");
  await signInAs(page, "portfolio_manager");
}

const table = (page: Page) => page.getByRole("table", { name: /^Your listings/ });
/** Clicks a column's sort until it sorts highest first (numbers start descending, text ascending). */
async function sortDescending(page: Page, column: string) {
  const header = table(page).getByRole("columnheader", { name: column });
  await sortColumn(header, "descending");
}

const firstRowName = (page: Page) => table(page).locator("tbody tr").first().getByRole("link");

test("a large portfolio's first load reads one page of listings and no KPI page", async ({ page }) => {
  test.slow();
  const reads = watchPortfolioReads(page);
  await signInAsManager(page);
  const portfolio = page.getByTestId("portfolio");
  await expect(portfolio).toHaveAttribute("data-portfolio-mode", "paged");
  await expect(page.getByText(/Listings 1–100 of 1,500/)).toBeVisible();
  const service = await wholePortfolio();
  const firstPage = service.slice(0, 100).filter((l) => !l.is_hidden);
  await expect(table(page).locator("tbody tr")).toHaveCount(firstPage.length);
  await expect(firstRowName(page)).toHaveText(firstPage[0]!.name);
  // Settled: nothing more is read while the page sits.
  await page.waitForTimeout(1500);
  expect(reads.pages, reads.pages.join("\n")).toHaveLength(1);
  expect(reads.kpis).toEqual([]);
  await expect(page.getByRole("region", { name: "Reading the whole portfolio" })).toContainText(
    "sorting a column sorts this page only",
  );
  expect(await seriousViolations(page)).toEqual([]);

  // Moving on a page reads that page, and only it.
  await page.getByRole("navigation", { name: "Pages" }).getByRole("button", { name: "Next" }).click();
  await expect(page.getByText(/Listings 101–200 of 1,500/)).toBeVisible();
  const secondPage = service.slice(100, 200).filter((l) => !l.is_hidden);
  await expect(firstRowName(page)).toHaveText(secondPage[0]!.name);
  expect(reads.pages).toHaveLength(2);
  expect(reads.pages[1]).toContain("page=2");
});

test("a sort on a large portfolio's page sorts that page only, and says so", async ({ page }) => {
  test.slow();
  await signInAsManager(page);
  await expect(page.getByTestId("portfolio")).toHaveAttribute("data-portfolio-mode", "paged");
  await expect(table(page)).toHaveAccessibleName(/sorting applies to this page only/);
  await sortDescending(page, "Base price");
  const service = await wholePortfolio();
  const page1 = service.slice(0, 100).filter((l) => !l.is_hidden);
  const highestOnPage = [...page1].sort(
    (a, b) => (b.listing_preferences.base_price ?? -1) - (a.listing_preferences.base_price ?? -1),
  )[0]!;
  await expect(firstRowName(page)).toHaveText(highestOnPage.name);
});

test("the ranking of a large portfolio is the service's, a page of 25 at a time", async ({ page }) => {
  test.slow();
  const reads = watchPortfolioReads(page);
  await signInAsManager(page);
  await page.getByRole("radio", { name: "Ranking" }).click();
  const ranking = page.getByTestId("paged-ranking");
  const expected = await svcGet<PortfolioKpiRow[]>(
    "/listings/kpis?metric=revenue&window=30_0&order=desc&per_page=25",
    "portfolio_manager",
  );
  const rows = ranking.locator("tbody tr");
  await expect(rows).toHaveCount(25);
  await expect(rows.first().getByRole("link")).toHaveAttribute(
    "href",
    `/listings/${expected[0]!.listing_id}`,
  );
  await expect(rows.nth(24).getByRole("link")).toHaveAttribute(
    "href",
    `/listings/${expected[24]!.listing_id}`,
  );
  expect(reads.kpis).toHaveLength(1);

  await ranking.getByRole("radio", { name: "Lowest first" }).click();
  await expect(rows.first().locator("td").first()).toHaveText("1");
  expect(reads.kpis.at(-1)).toContain("order=asc");
  await ranking.getByRole("button", { name: "Next" }).click();
  await expect(rows.first().locator("td").first()).toHaveText("26");
  expect(reads.kpis.at(-1)).toContain("page=2");
  // Opening the ranking read no listing page beyond the first.
  expect(reads.pages).toHaveLength(1);
});

test("reading the whole portfolio sorts across all 1,500 listings and brings the KPI column", async ({
  page,
}) => {
  test.slow();
  const reads = watchPortfolioReads(page);
  await signInAsManager(page);
  await page.getByRole("button", { name: "Read all 1,500 listings" }).click();
  const portfolio = page.getByTestId("portfolio");
  await expect(portfolio).toHaveAttribute("data-portfolio-mode", "whole", { timeout: 60_000 });
  await expect(portfolio).toHaveAttribute("data-kpi-state", "ready", { timeout: 60_000 });
  const service = await wholePortfolio();
  const visible = service.filter((l) => !l.is_hidden);
  await expect(
    page.getByText(`${visible.length.toLocaleString("en")} listings · 36 hidden not shown`),
  ).toBeVisible();
  expect(reads.pages).toHaveLength(15);

  await sortDescending(page, "Base price");
  const highest = Math.max(...visible.map((l) => l.listing_preferences.base_price ?? -1));
  const top = visible.filter((l) => l.listing_preferences.base_price === highest).map((l) => l.name);
  expect(top).toContain(await firstRowName(page).textContent());
  // The header's select-all now covers every listing shown.
  await expect(
    table(page).getByRole("checkbox", { name: `Select all ${visible.length} listings` }),
  ).toBeVisible();
});
