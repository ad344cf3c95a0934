import type { Page } from "@playwright/test";
import type { Listing } from "../lib/svc/schemas/listings";
import { expect, keyOf, SANDBOX, seriousViolations, signInAs, svcGet, test } from "./fixtures";
import { PHONE, sidewaysScroll } from "./narrow-support";
import { recordServiceRequests } from "./service-requests";

/**
 * Finding listings at 1,500 (portfolio_manager): the search and the filters work on the
 * listings already read, in the browser, so no keystroke and no filter asks the service
 * anything; several KPI columns, remembered; cards on a phone.
 */

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

const table = (page: Page) => page.getByRole("table", { name: /^Your listings/ });
const searchbox = (page: Page) => page.getByRole("searchbox", { name: "Search" });
/** The count above the table: "12 listings", with what hidden listings it leaves out after it. */
const count = (n: number) => new RegExp(`^${n.toLocaleString("en")} listings?( \u00b7 .*)?$`);

/** A word of some listings' names, not of most: what a manager would type to find a few. */
function aWordOfSomeNames(listings: readonly Listing[]): string {
  const words = new Map<string, number>();
  for (const l of listings)
    for (const w of new Set(l.name.toLowerCase().split(/[^a-z]+/)))
      if (w.length >= 5) words.set(w, (words.get(w) ?? 0) + 1);
  const some = [...words].filter(([, n]) => n >= 2 && n <= 60).sort((a, b) => a[0].localeCompare(b[0]));
  return some[0]![0];
}

async function settled(requests: ReturnType<typeof recordServiceRequests>) {
  await expect.poll(() => requests.inFlight()).toBe(0);
}

test("at 1,500 listings, each keystroke and each filter costs no service request once the portfolio is read, and the rows match", async ({
  page,
}) => {
  test.slow();
  await svcGet("/listings?per_page=1", "portfolio_manager");
  const requests = recordServiceRequests(page);
  await signInAs(page, "portfolio_manager");
  const portfolio = page.getByTestId("portfolio");
  await expect(portfolio).toHaveAttribute("data-portfolio-mode", "paged");
  const service = await wholePortfolio();
  const visible = service.filter((l) => !l.is_hidden);
  const word = aWordOfSomeNames(visible);

  // Before the whole portfolio is read, the search says what it covers.
  await settled(requests);
  requests.clear();
  await searchbox(page).fill(word.slice(0, 3));
  await expect(page.getByRole("search", { name: "Find listings" })).toContainText(
    "Searches the 100 listings read so far",
  );
  expect(requests.sent).toEqual([]);
  await searchbox(page).fill("");

  await page.getByRole("button", { name: "Read all 1,500 listings" }).click();
  await expect(portfolio).toHaveAttribute("data-portfolio-mode", "whole", { timeout: 60_000 });
  await expect(portfolio).toHaveAttribute("data-kpi-state", "ready", { timeout: 60_000 });
  await settled(requests);
  requests.clear();

  // Type the word a key at a time: each keystroke is counted on its own.
  const perKeystroke: number[] = [];
  for (const key of word) {
    await searchbox(page).press(key);
    perKeystroke.push(requests.sent.length);
  }
  // Found by name, or by an id that holds the word (none does: ids are not words).
  const expected = visible.filter(
    (l) => l.name.toLowerCase().includes(word) || `${l.svc_id} ${l.id}`.toLowerCase().includes(word),
  );
  await expect(page.getByText(count(expected.length))).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
  const names = await table(page).locator("tbody tr").getByRole("link").allTextContents();
  expect(names.length).toBe(Math.min(expected.length, 25));
  for (const name of names) expect(name.toLowerCase()).toContain(word);
  expect(perKeystroke).toEqual(perKeystroke.map(() => 0));

  // Each filter narrows the same rows, again for no request.
  const market = expected[0]!;
  await page.getByRole("combobox", { name: "Market" }).selectOption(market.market_id);
  const inMarket = expected.filter((l) => l.market_id === market.market_id);
  await expect(page.getByText(count(inMarket.length))).toBeVisible();
  await page.getByRole("combobox", { name: "Channel" }).selectOption(market.channel);
  const onChannel = inMarket.filter((l) => l.channel === market.channel);
  await expect(page.getByText(count(onChannel.length))).toBeVisible();
  const bedrooms = market.bedrooms === null ? "unknown" : String(market.bedrooms);
  await page.getByRole("combobox", { name: "Bedrooms" }).selectOption(bedrooms);
  const withBedrooms = onChannel.filter((l) => l.bedrooms === market.bedrooms);
  await expect(page.getByText(count(withBedrooms.length))).toBeVisible();
  await expect(table(page).getByRole("link", { name: market.name, exact: true }).first()).toBeVisible();
  expect(requests.sent).toEqual([]);

  // By id: the service's id finds that one listing.
  await page.getByRole("combobox", { name: "Market" }).selectOption({ label: "All markets" });
  await page.getByRole("combobox", { name: "Channel" }).selectOption({ label: "All channels" });
  await page.getByRole("combobox", { name: "Bedrooms" }).selectOption({ label: "Any" });
  const target = visible[1234]!;
  await searchbox(page).fill(target.svc_id);
  await expect(page.getByText(count(1))).toBeVisible();
  await expect(table(page).locator("tbody tr").getByRole("link")).toHaveText([target.name]);
  expect(requests.sent).toEqual([]);

  // A tag, from the listings that carry one.
  const tagged = visible.find((l) => l.tags.length > 0);
  if (tagged) {
    await searchbox(page).fill("");
    await page.getByRole("combobox", { name: "Tag" }).selectOption(tagged.tags[0]!);
    const withTag = visible.filter((l) => l.tags.includes(tagged.tags[0]!));
    await expect(page.getByText(count(withTag.length))).toBeVisible();
    expect(requests.sent).toEqual([]);
  }
  expect(await seriousViolations(page)).toEqual([]);
});

test("the filters are kept in the URL: a shared link opens the same search", async ({ page }) => {
  const listings = (await svcGet<Listing[]>("/listings?per_page=100")).filter((l) => !l.is_hidden);
  const market = listings[0]!;
  const inMarket = listings.filter((l) => l.market_id === market.market_id);
  await signInAs(page, "owner");
  await page.goto(`/listings?market=${encodeURIComponent(market.market_id)}`);
  await expect(page.getByRole("combobox", { name: "Market" })).toHaveValue(market.market_id);
  await expect(page.getByText(count(inMarket.length))).toBeVisible();
});

test("several KPI columns side by side, remembered, and the market comparison says why it is absent", async ({
  page,
}) => {
  await signInAs(page, "owner");
  await expect(page.getByTestId("portfolio")).toHaveAttribute("data-kpi-state", "ready");
  await expect(page.getByTestId("against-market-note")).toHaveText(/Pick Occupancy as a column/);
  await page.getByText("Columns (1)").click();
  await page.getByRole("checkbox", { name: "Occupancy", exact: true }).check();
  await page.getByRole("checkbox", { name: "ADR" }).check();
  const headers = table(page).getByRole("columnheader");
  await expect(headers.filter({ hasText: /^Revenue/ })).toHaveCount(1);
  await expect(headers.filter({ hasText: /^Occupancy/ })).toHaveCount(1);
  await expect(headers.filter({ hasText: /^ADR/ })).toHaveCount(1);
  // The owner's account has no mirror here: no market figure, and the note says why.
  await expect(page.getByTestId("against-market-note")).toHaveText(
    /the service gives no market figure per listing, only its market report/,
  );
  await expect(headers.filter({ hasText: "Against the market" })).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId("portfolio")).toHaveAttribute("data-kpi-state", "ready");
  await expect(
    table(page)
      .getByRole("columnheader")
      .filter({ hasText: /^Occupancy/ }),
  ).toHaveCount(1);
  await expect(table(page).getByRole("columnheader").filter({ hasText: /^ADR/ })).toHaveCount(1);
});

test.describe("at 390 px", () => {
  test.use({ viewport: PHONE });

  test("the listings show as cards, the name and the KPI first, and nothing scrolls sideways", async ({
    page,
  }) => {
    const listings = (await svcGet<Listing[]>("/listings?per_page=100")).filter((l) => !l.is_hidden);
    await signInAs(page, "owner");
    await expect(page.getByTestId("portfolio")).toHaveAttribute("data-kpi-state", "ready");
    const cards = page.getByRole("list", { name: "Your listings" }).getByRole("listitem");
    await expect(cards).toHaveCount(Math.min(listings.length, 25));
    await expect(table(page)).toBeHidden();
    const first = cards.first();
    await expect(first.getByRole("link")).toHaveText(listings[0]!.name);
    await expect(first.getByRole("term").first()).toHaveText("Revenue");
    await expect(first.getByRole("definition").first()).not.toBeEmpty();
    expect(await sidewaysScroll(page)).toBe(0);
  });
});
