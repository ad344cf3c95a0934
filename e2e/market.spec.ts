import type { Page } from "@playwright/test";
import { formatMonth, todayUtc } from "../lib/format/dates";
import { formatMetric } from "../lib/metrics/lexicon-metrics";
import type { PortfolioKpiRow } from "../lib/svc/schemas/kpis";
import { expect, portfolioOf, seriousViolations, svcGet, test, withSessionOf } from "./fixtures";
import { recordServiceRequests } from "./service-requests";
import {
  bedroomGroups,
  columnsOf,
  expectMarketReady,
  markets,
  rowCells,
  serviceDistribution,
  serviceSeries,
} from "./market-support";

/**
 * The market report against the reference service: the markets of my listings, one market's
 * map, bedroom groups, time series and distribution, and two markets compared. Figures are
 * compared with the service's own answers.
 */

const thisMonth = () => formatMonth(todayUtc().slice(0, 7));
const usd = (value: number | null) => formatMetric("adr", value, "USD");
const trendTable = (page: Page) => page.getByTestId("market-trend").getByRole("table");

async function openAustin(page: Page, query = "") {
  await page.goto(`/market/mkt_austin${query}`);
  await expectMarketReady(page, "Austin");
}

test.describe("the market report", () => {
  test("the markets list shows every market the service reports, with my listings counted in each", async ({
    page,
  }) => {
    const [truth, mine] = await Promise.all([markets(), portfolioOf("owner")]);
    await withSessionOf(page, "owner");
    await page.goto("/market");
    await expect(page.getByTestId("markets")).toHaveAttribute("data-state", "ready");

    const table = page.getByRole("table", { name: "Markets of your listings" });
    await expect(table.getByRole("row")).toHaveCount(truth.length + 1);
    for (const market of truth) {
      const row = table
        .getByRole("row")
        .filter({ has: page.getByRole("link", { name: market.name, exact: true }) });
      const mineHere = mine.filter((l) => l.market_id === market.id).length;
      const cells = await row.getByRole("cell").allTextContents();
      expect(cells.slice(2)).toEqual([
        market.currency,
        market.listing_count.toLocaleString("en-US"),
        String(mineHere),
        String(market.postal_codes.length),
      ]);
    }
    await expect(table.getByRole("row").filter({ hasText: "Austin" })).toContainText("United States");
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("a direct visit to a market costs at most 4 requests, from the list 2, and a revisit none", async ({
    page,
  }) => {
    await withSessionOf(page, "owner");
    const requests = recordServiceRequests(page);
    await openAustin(page);
    await expect.poll(requests.inFlight).toBe(0);
    expect(requests.sent.length, requests.sent.join("\n")).toBeLessThanOrEqual(4);
    expect(requests.sent.filter((p) => p.includes("/time_series"))).toHaveLength(1);

    // Back to the list and into the market again: everything is still fresh.
    requests.clear();
    await page.getByRole("link", { name: "← All markets" }).click();
    await expect(page.getByTestId("markets")).toHaveAttribute("data-state", "ready");
    await page.getByRole("link", { name: "Austin", exact: true }).click();
    await expectMarketReady(page, "Austin");
    await expect.poll(requests.inFlight).toBe(0);
    expect(requests.sent).toEqual([]);

    // From a freshly loaded list, opening a market adds its bedroom groups and one series.
    await page.goto("/market");
    await expect(page.getByTestId("markets")).toHaveAttribute("data-state", "ready");
    await expect.poll(requests.inFlight).toBe(0);
    requests.clear();
    await page.getByRole("link", { name: "Lisbon", exact: true }).click();
    await expectMarketReady(page, "Lisbon");
    await expect.poll(requests.inFlight).toBe(0);
    expect(requests.sent.map((p) => p.split("?")[0])).toEqual(
      expect.arrayContaining([
        "/api/svc/market_report/mkt_lisbon/bedroom_groups",
        "/api/svc/market_report/mkt_lisbon/time_series",
      ]),
    );
    expect(requests.sent).toHaveLength(2);
  });

  test("the map marks the postal codes my listings count toward, and the bedroom picker shows the service's groups", async ({
    page,
  }) => {
    const [austin, london] = await Promise.all([bedroomGroups("mkt_austin"), bedroomGroups("mkt_london")]);
    const mine = (await portfolioOf("owner")).filter((l) => l.market_id === "mkt_austin");
    await withSessionOf(page, "owner");
    await openAustin(page);

    await expect(page.getByTestId("market-summary")).toContainText(
      `${mine.length} of your listings are here`,
    );
    const map = page.getByTestId("market-map");
    const marked = await map
      .locator("g[data-postal-code]")
      .evaluateAll((groups) => groups.map((g) => Number(g.getAttribute("data-mine"))));
    expect(marked.reduce((a, b) => a + b, 0)).toBe(mine.length);
    await expect(page.getByTestId("my-postal-codes")).toContainText("Your listings count toward");

    const picker = page.getByTestId("bedroom-picker");
    for (const group of austin.groups) {
      const label =
        group.group === "0"
          ? "0 bedrooms (studios)"
          : group.group === "1"
            ? "1 bedroom"
            : `${group.group} bedrooms`;
      const item = picker.getByRole("listitem").filter({ has: page.getByRole("checkbox", { name: label }) });
      await expect(item).toContainText(`${group.listing_count} listings`);
    }
    // Austin splits into 4, 5 and 6+, so 4+ is offered; London has no 6+ group, so it is not.
    expect(austin.groups.map((g) => g.group)).toEqual(expect.arrayContaining(["4", "5", "6+"]));
    await expect(picker.getByRole("checkbox", { name: /^4\+ bedrooms/ })).toBeVisible();
    expect(london.groups.map((g) => g.group)).not.toContain("6+");
    await page.goto("/market/mkt_london");
    await expectMarketReady(page, "London");
    await expect(page.getByTestId("bedroom-picker").getByRole("checkbox")).toHaveCount(
      london.groups.length + 1,
    );
    await expect(page.getByTestId("bedroom-picker").getByRole("checkbox", { name: /^4\+/ })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("switching bedroom groups overlays them, each with the service's own figures", async ({ page }) => {
    const [all, two, three] = await Promise.all([
      serviceSeries("mkt_austin"),
      serviceSeries("mkt_austin", { bedrooms: "2" }),
      serviceSeries("mkt_austin", { bedrooms: "3" }),
    ]);
    await withSessionOf(page, "owner");
    await openAustin(page);

    const picker = page.getByTestId("bedroom-picker");
    await picker.getByRole("checkbox", { name: "2 bedrooms" }).check();
    await picker.getByRole("checkbox", { name: "All listings" }).uncheck();
    await picker.getByRole("checkbox", { name: "3 bedrooms" }).check();
    await expect(page).toHaveURL(/bedrooms=2,3/);
    await expectMarketReady(page, "Austin");

    const table = trendTable(page);
    expect(await columnsOf(table)).toEqual([
      "Period",
      "2 BR p25",
      "2 BR median",
      "2 BR p75",
      "3 BR p25",
      "3 BR median",
      "3 BR p75",
    ]);
    const month = thisMonth();
    const at = (series: typeof two) => series.points.find((p) => formatMonth(p.date.slice(0, 7)) === month)!;
    expect(await rowCells(table, month)).toEqual([
      month,
      usd(at(two).p25),
      usd(at(two).p50),
      usd(at(two).p75),
      usd(at(three).p25),
      usd(at(three).p50),
      usd(at(three).p75),
    ]);
    // The groups differ from each other and from the whole market.
    expect(at(two).p50).not.toBe(at(three).p50);
    expect(at(all).p50).not.toBe(at(two).p50);

    // The picker's choice survives a reload (it lives in the URL).
    await page.reload();
    await expectMarketReady(page, "Austin");
    await expect(picker.getByRole("checkbox", { name: "2 bedrooms" })).toBeChecked();
    await expect(picker.getByRole("checkbox", { name: "All listings" })).not.toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("a group the market lacks, a missing market and upside-down dates each get a sentence, and nothing is asked", async ({
    page,
  }) => {
    await withSessionOf(page, "owner");
    const requests = recordServiceRequests(page);
    const statuses: number[] = [];
    page.on("response", (r) => statuses.push(r.status()));

    await page.goto("/market/mkt_lisbon?bedrooms=6%2B,1");
    await expectMarketReady(page, "Lisbon");
    await expect(page.getByTestId("lacking-groups")).toContainText(
      "Lisbon has no 6+ bedrooms group; its groups are 0, 1, 2+.",
    );
    await expect(
      page.getByTestId("bedroom-picker").getByRole("checkbox", { name: "1 bedroom" }),
    ).toBeChecked();
    await expect.poll(requests.inFlight).toBe(0);
    expect(requests.sent.filter((p) => p.includes("bedrooms=6"))).toEqual([]);

    await page.goto("/market/mkt_nowhere");
    await expect(page.getByRole("heading", { name: "Market not found" })).toBeVisible();
    await expect(page.getByTestId("market-not-found")).toContainText("There is no market “mkt_nowhere”");

    requests.clear();
    await page.goto("/market/mkt_austin?range=custom&from=2026-05-01&to=2026-03-01");
    await expect(
      page.getByRole("alert").filter({ hasText: "The last day is before the first day." }),
    ).toBeVisible();
    await expect(page.getByLabel("First day")).toHaveValue("2026-05-01");
    await expect.poll(requests.inFlight).toBe(0);
    expect(requests.sent.filter((p) => p.includes("/time_series"))).toEqual([]);

    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    await expect(page.locator("body")).not.toContainText(/ZodError|Too big|Invalid input|at Object\./);
  });

  test("the distribution marks the market's percentiles and places my listings from one portfolio ranking", async ({
    page,
  }) => {
    const truth = await serviceDistribution("mkt_austin", { metric: "adr", window: "30_0" });
    const mine = (await portfolioOf("owner")).filter((l) => l.market_id === "mkt_austin");
    const ranking = await svcGet<PortfolioKpiRow[]>(
      "/listings/kpis?metric=adr&window=30_0&currency=USD&per_page=100",
    );
    await withSessionOf(page, "owner");
    const requests = recordServiceRequests(page);
    await openAustin(page, "?tab=distribution");

    const card = page.getByTestId("market-distribution");
    const percentiles = card.getByRole("table", { name: /percentiles$/ });
    for (const key of ["p10", "p25", "p50", "p75", "p90"] as const) {
      expect(await rowCells(percentiles, key)).toEqual([key, usd(truth.percentiles[key])]);
    }
    const buckets = card.getByRole("table").first();
    await expect(buckets.getByRole("row")).toHaveCount(truth.buckets.length + 1);

    const standing = page.getByTestId("my-standing");
    await expect(standing).toHaveAttribute("data-state", "ready");
    await expect(standing.getByRole("listitem")).toHaveCount(mine.length);
    for (const listing of mine) {
      const value = ranking.find((r) => r.listing_id === listing.svc_id)?.value ?? null;
      // Names can repeat across channels: the row is found by its link to the listing.
      const row = standing
        .getByRole("listitem")
        .filter({ has: page.locator(`a[href="/listings/${encodeURIComponent(listing.svc_id)}"]`) });
      await expect(row).toContainText(listing.name);
      await expect(row).toContainText(usd(value));
    }
    await expect.poll(requests.inFlight).toBe(0);
    // My values come from one ranking, never one request per listing.
    expect(requests.sent.filter((p) => p.startsWith("/api/svc/listings/kpis?"))).toHaveLength(1);
    expect(requests.sent.filter((p) => /\/api\/svc\/listings\/[^/?]+\/kpis/.test(p))).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("two markets compare on one chart, the other converted to this market's currency by the service", async ({
    page,
  }) => {
    const [austin, lisbon] = await Promise.all([
      serviceSeries("mkt_austin"),
      serviceSeries("mkt_lisbon", { currency: "USD" }),
    ]);
    await withSessionOf(page, "owner");
    const requests = recordServiceRequests(page);
    await openAustin(page, "?tab=compare");
    await page.getByLabel("Compare with").selectOption({ label: "Lisbon" });
    await expect(page).toHaveURL(/with=mkt_lisbon/);
    const card = page.getByTestId("market-compare");
    await expect(card.locator("section[data-state]")).toHaveAttribute("data-state", "ready");
    await expect(card).toContainText("Lisbon's figures are in EUR; the service converts them to USD.");

    const table = card.getByRole("table");
    expect(await columnsOf(table)).toEqual([
      "Period",
      "Austin p25",
      "Austin median",
      "Austin p75",
      "Lisbon p25",
      "Lisbon median",
      "Lisbon p75",
    ]);
    const month = thisMonth();
    const at = (series: typeof austin) =>
      series.points.find((p) => formatMonth(p.date.slice(0, 7)) === month)!;
    const cells = await rowCells(table, month);
    expect(cells[2]).toBe(usd(at(austin).p50));
    expect(cells[5]).toBe(usd(at(lisbon).p50));
    await expect.poll(requests.inFlight).toBe(0);
    expect(
      requests.sent.some(
        (p) => p.startsWith("/api/svc/market_report/mkt_lisbon/time_series?") && p.includes("currency=USD"),
      ),
    ).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("a viewer reads the markets and a market's every view, and nothing is written", async ({ page }) => {
    const truth = await markets("viewer");
    const first = truth[0]!;
    await withSessionOf(page, "viewer");
    const requests = recordServiceRequests(page);
    await page.goto("/market");
    await expect(page.getByTestId("markets")).toHaveAttribute("data-state", "ready");
    await expect(page.getByText("The report only reads; nothing here changes a listing.")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("link", { name: first.name, exact: true }).click();
    await expectMarketReady(page, first.name);
    expect(await seriousViolations(page)).toEqual([]);
    for (const [tab, testId] of [
      ["Distribution", "market-distribution"],
      ["Compare markets", "market-compare"],
    ] as const) {
      await page.getByRole("tab", { name: tab }).click();
      await expect(page.getByTestId(testId).locator("section[data-state]").first()).toHaveAttribute(
        "data-state",
        "ready",
      );
      expect(await seriousViolations(page)).toEqual([]);
    }
    await expect.poll(requests.inFlight).toBe(0);
    expect(requests.methods.every((m) => m === "GET")).toBe(true);
  });
});
