import type { Page } from "@playwright/test";
import { formatMetric, NOT_GENERATED, METRIC_DEFS } from "../lib/metrics/kpi-metrics";
import { ROLLING_METRICS } from "../lib/metrics/rolling-windows";
import { periodLabel } from "../lib/metrics/kpi-series";
import type { MonthlyKpis, PortfolioKpiRow, QuarterlyKpis, RollingKpis } from "../lib/svc/schemas/kpis";
import { labelOf } from "../lib/display/open-values";
import type { Listing } from "../lib/svc/schemas/listings";
import {
  expect,
  keyOf,
  portfolioOf,
  rowOf,
  SANDBOX,
  seriousViolations,
  signInAs,
  test,
  withSessionOf,
} from "./fixtures";
import { recordServiceRequests } from "./service-requests";

/** What the service itself answers the owner, to compare the page with. */
async function ownerGet<T>(path: string): Promise<T> {
  const response = await fetch(`${SANDBOX}${path}`, { headers: { "x-api-key": await keyOf("owner") } });
  expect(response.ok).toBe(true);
  return (await response.json()) as T;
}

const rollingTable = (page: Page) => page.getByTestId("rolling-kpis");
const chartCard = (page: Page) => page.getByTestId("kpi-period-chart").locator("section[data-state]");

/** The cell of one metric row under one window column (`Past 30 days`, `Next 7 days`). */
async function rollingCell(page: Page, metric: string, column: string) {
  const table = rollingTable(page).getByRole("table");
  const headers = await table
    .getByRole("columnheader")
    .evaluateAll((ths) =>
      ths
        .filter((th) => th.getAttribute("scope") === "col" && th.getAttribute("aria-label"))
        .map((th) => th.getAttribute("aria-label")),
    );
  const index = headers.indexOf(column);
  expect(index).toBeGreaterThanOrEqual(0);
  const row = table
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: metric, exact: true }) });
  return row.getByRole("cell").nth(index);
}

async function openWorkspace(page: Page, listing: Listing) {
  await page.goto(`/listings/${listing.svc_id}`);
  await expect(page.getByRole("heading", { level: 1, name: listing.name })).toBeVisible();
}

test.describe("listing workspace", () => {
  test("the owner opens a listing from the portfolio and the header says what the service holds", async ({
    page,
  }) => {
    const listing = (await portfolioOf("owner")).find(
      (l) => !l.is_hidden && l.listing_preferences.nickname !== null,
    )!;
    const truth = await ownerGet<Listing>(`/listings/${listing.svc_id}?channel=svc`);
    await signInAs(page, "owner");
    await rowOf(page, listing).getByRole("link", { name: listing.name }).click();
    await expect(page).toHaveURL(new RegExp(`/listings/${listing.svc_id}$`));

    const header = page.getByTestId("listing-header");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(truth.name);
    await expect(header.getByText(`Nickname: ${truth.listing_preferences.nickname}`)).toBeVisible();
    const channel = labelOf({ airbnb: "Airbnb", vrbo: "Vrbo", booking_com: "Booking.com" }, truth.channel);
    const fact = (term: string) => header.locator(`dt:text-is("${term}") + dd`);
    await expect(fact("Channel")).toHaveText(`${channel} #${truth.id}`);
    await expect(fact("Market")).toHaveText(truth.market_name);
    await expect(fact("Bedrooms")).toHaveText(String(truth.bedrooms ?? "Unknown"));
    await expect(fact("Currency")).toHaveText(truth.currency);
    await expect(fact("Owner")).toHaveText(`${truth.owner_user.first_name} ${truth.owner_user.last_name}`);
    await expect(fact("Your access")).toContainText("Owner");
    await expect(fact("Your access")).toContainText("You own this listing.");
    await expect(header.getByText(truth.is_active ? "Active" : "Inactive", { exact: true })).toBeVisible();
    await expect(header.getByText("Hidden", { exact: true })).toHaveCount(truth.is_hidden ? 1 : 0);
    await expect(page.getByRole("tab", { name: "KPIs" })).toHaveAttribute("aria-selected", "true");
  });

  test("the default tab spends at most 6 requests, and coming back to it spends none", async ({ page }) => {
    const listing = (await portfolioOf("owner")).find((l) => !l.is_hidden)!;
    await signInAs(page, "owner");
    // The bell's read counts too: the visit spends it.
    const requests = recordServiceRequests(page, { withShell: true });
    // A direct visit: nothing of this listing is cached yet, the worst case.
    await openWorkspace(page, listing);
    await expect(rollingTable(page)).toHaveAttribute("data-state", "ready");
    await expect(chartCard(page)).toHaveAttribute("data-state", "ready");
    await expect.poll(requests.inFlight).toBe(0);
    expect(requests.sent.length, requests.sent.join("\n")).toBeLessThanOrEqual(6);
    // The KPIs tab's own reads: the listing, its rolling and its monthly KPIs.
    const ownPaths = () =>
      requests.sent.filter(
        (path) =>
          path.startsWith(`/api/svc/listings/${listing.svc_id}/kpis`) ||
          path.startsWith(`/api/svc/listings/${listing.svc_id}?`),
      );
    const first = ownPaths();
    expect(first.some((p) => p.startsWith(`/api/svc/listings/${listing.svc_id}/kpis/monthly?`))).toBe(true);
    expect(first.some((p) => p.startsWith(`/api/svc/listings/${listing.svc_id}/kpis?`))).toBe(true);
    expect(first.some((p) => /\/kpis\/(quarterly|yearly)/.test(p))).toBe(false);

    await page.getByRole("tab", { name: "Notes" }).click();
    await expect(page).toHaveURL(/tab=notes/);
    await page.getByRole("tab", { name: "Flags" }).click();
    await expect(page).toHaveURL(/tab=flags/);
    await page.getByRole("tab", { name: "KPIs" }).click();
    await expect(rollingTable(page)).toHaveAttribute("data-state", "ready");
    await expect(chartCard(page)).toHaveAttribute("data-state", "ready");
    await expect.poll(requests.inFlight).toBe(0);
    expect(ownPaths()).toEqual(first);
  });

  test("the KPIs tab shows the rolling windows and the chart, metric and period can be switched", async ({
    page,
  }) => {
    const listing = (await portfolioOf("owner")).find((l) => !l.is_hidden)!;
    const rolling = await ownerGet<RollingKpis>(`/listings/${listing.svc_id}/kpis?channel=svc`);
    const monthly = await ownerGet<MonthlyKpis>(`/listings/${listing.svc_id}/kpis/monthly?channel=svc`);
    const quarterly = await ownerGet<QuarterlyKpis>(`/listings/${listing.svc_id}/kpis/quarterly?channel=svc`);
    await withSessionOf(page, "owner");
    await openWorkspace(page, listing);

    await expect(rollingTable(page)).toHaveAttribute("data-state", "ready");
    await expect(
      rollingTable(page).getByRole("heading", { name: `Rolling windows (${rolling.currency})` }),
    ).toBeVisible();
    await expect(rollingTable(page).getByRole("rowheader")).toHaveCount(ROLLING_METRICS.length);
    for (const [metric, column, key] of [
      ["adr", "Past 30 days", "adr_30_0"],
      ["occupancy", "Next 90 days", "occupancy_0_90"],
      ["revenue", "Past 365 days", "revenue_365_0"],
    ] as const) {
      await expect(await rollingCell(page, METRIC_DEFS[metric].label, column)).toHaveText(
        formatMetric(metric, rolling[key], rolling.currency),
      );
    }
    await page.getByRole("switch", { name: "Show every window" }).click();
    await expect(rollingTable(page).getByRole("columnheader", { name: "Past 180 days" })).toBeVisible();

    await expect(chartCard(page)).toHaveAttribute("data-state", "ready");
    await expect(page.getByRole("heading", { name: `ADR (${monthly.currency}) by month` })).toBeVisible();
    await expect(
      chartCard(page).getByRole("listitem").filter({ hasText: "Forward (on the books)" }),
    ).toBeVisible();
    await chartCard(page).getByText("Show the figures as a table").click();
    const figures = chartCard(page).getByRole("table");
    await expect(figures.getByRole("row")).toHaveCount(monthly.months.length + 1);
    const first = monthly.months[0]!;
    await expect(figures.getByRole("row").nth(1)).toContainText(periodLabel(first.month, "monthly"));
    await expect(figures.getByRole("row").nth(1)).toContainText(
      formatMetric("adr", first.adr, monthly.currency),
    );

    await page.getByLabel("Metric").selectOption({ label: "Occupancy" });
    await expect(page).toHaveURL(/kpiMetric=occupancy/);
    await expect(page.getByRole("heading", { name: "Occupancy (%) by month" })).toBeVisible();
    await expect(figures.getByRole("row").nth(1)).toContainText(
      formatMetric("occupancy", first.occupancy, "USD"),
    );

    await page.getByRole("radio", { name: "Quarterly" }).click();
    await expect(page).toHaveURL(/kpiPeriod=quarterly/);
    await expect(page.getByRole("heading", { name: "Occupancy (%) by quarter" })).toBeVisible();
    await expect(chartCard(page)).toHaveAttribute("data-state", "ready");
    await chartCard(page).getByText("Show the figures as a table").click();
    const last = quarterly.quarters.at(-1)!;
    await expect(chartCard(page).getByRole("row").last()).toContainText(
      periodLabel(last.quarter, "quarterly"),
    );
    await expect(chartCard(page).getByRole("row").last()).toContainText("Forward (on the books)");
  });

  test("a value the service has not generated reads “not generated yet”, never 0", async ({ page }) => {
    // Find an owner listing whose rolling ADR of the past 30 days is null and whose monthly ADR has a null month.
    const portfolio = (await portfolioOf("owner")).filter((l) => !l.is_hidden);
    let found: { listing: Listing; month: string } | null = null;
    for (const listing of portfolio) {
      const rolling = await ownerGet<RollingKpis>(`/listings/${listing.svc_id}/kpis?channel=svc`);
      if (rolling.adr_30_0 !== null) continue;
      const monthly = await ownerGet<MonthlyKpis>(`/listings/${listing.svc_id}/kpis/monthly?channel=svc`);
      const empty = monthly.months.find((m) => m.adr === null);
      if (empty) {
        found = { listing, month: empty.month };
        break;
      }
    }
    expect(found, "the seed holds a listing without ADR in the past 30 days").not.toBeNull();
    const { listing, month } = found!;
    await withSessionOf(page, "owner");
    await openWorkspace(page, listing);
    await expect(rollingTable(page)).toHaveAttribute("data-state", "ready");
    await expect(await rollingCell(page, "ADR", "Past 30 days")).toHaveText(NOT_GENERATED);

    await expect(chartCard(page)).toHaveAttribute("data-state", "ready");
    await chartCard(page).getByText("Show the figures as a table").click();
    const row = chartCard(page)
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: periodLabel(month, "monthly"), exact: true }) });
    await expect(row.getByRole("cell").first()).toHaveText(NOT_GENERATED);
  });

  test("a listing that does not exist says so and leads back", async ({ page }) => {
    await withSessionOf(page, "owner");
    await page.goto("/listings/999999999");
    await expect(page.getByRole("heading", { name: "Listing not found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to your listings" }).click();
    await expect(page).toHaveURL(/\/listings$/);
  });

  test("axe finds no serious or critical violation on the KPIs tab", async ({ page }) => {
    const listing = (await portfolioOf("owner")).find((l) => !l.is_hidden)!;
    await withSessionOf(page, "owner");
    await openWorkspace(page, listing);
    await expect(rollingTable(page)).toHaveAttribute("data-state", "ready");
    await expect(chartCard(page)).toHaveAttribute("data-state", "ready");
    await chartCard(page).getByText("Show the figures as a table").click();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("portfolio KPIs", () => {
  const kpiCell = (page: Page, listing: Listing) => rowOf(page, listing).getByRole("cell").nth(6);

  test("the KPI column shows what the service ranks, for the metric, window and currency chosen", async ({
    page,
  }) => {
    const visible = (await portfolioOf("owner")).filter((l) => !l.is_hidden).slice(0, 5);
    await signInAs(page, "owner");
    await expect(page.getByTestId("portfolio")).toHaveAttribute("data-kpi-state", "ready");
    await expect(page.getByRole("columnheader", { name: /Revenue\s*Past 30 days/ })).toBeVisible();

    const check = async (query: string, metric: "revenue" | "occupancy" | "adr") => {
      const rows = await ownerGet<PortfolioKpiRow[]>(`/listings/kpis?per_page=100&${query}`);
      await expect(page.getByTestId("portfolio")).toHaveAttribute("data-kpi-state", "ready");
      for (const listing of visible) {
        const row = rows.find((r) => r.listing_id === listing.svc_id)!;
        await expect(kpiCell(page, listing)).toHaveText(formatMetric(metric, row.value, row.currency));
      }
    };
    await check("metric=revenue&window=30_0", "revenue");

    await page.getByLabel("KPI", { exact: true }).selectOption({ label: "Occupancy" });
    await page.getByLabel("Window", { exact: true }).selectOption({ label: "Next 30 days" });
    await expect(page).toHaveURL(/kpi=occupancy/);
    await check("metric=occupancy&window=0_30", "occupancy");

    await page.getByLabel("KPI", { exact: true }).selectOption({ label: "ADR" });
    await page.getByLabel("Currency", { exact: true }).selectOption("EUR");
    await expect(page).toHaveURL(/currency=EUR/);
    await check("metric=adr&window=0_30&currency=EUR", "adr");
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the ranking view orders the listings by the metric and links to each workspace", async ({ page }) => {
    const portfolio = (await portfolioOf("owner")).filter((l) => !l.is_hidden);
    const rows = await ownerGet<PortfolioKpiRow[]>(`/listings/kpis?per_page=100&metric=revenue&window=30_0`);
    const shownIds = new Set(portfolio.map((l) => l.svc_id));
    const ranked = rows.filter((r) => shownIds.has(r.listing_id) && r.value !== null);
    const byId = new Map(portfolio.map((l) => [l.svc_id, l]));

    await signInAs(page, "owner");
    await page.getByRole("radio", { name: "Ranking" }).click();
    await expect(page).toHaveURL(/view=ranking/);
    // Revenue in each listing's own currency: the ranking warns that it mixes currencies.
    await expect(page.getByRole("note").filter({ hasText: "several currencies" })).toBeVisible();
    const table = page.getByRole("table", { name: /Listings ranked by revenue/ });
    await expect(table.getByRole("row").nth(1)).toContainText(byId.get(ranked[0]!.listing_id)!.name);
    await expect(table.getByRole("row").nth(1).getByRole("cell").first()).toHaveText("1");
    await expect(table.getByRole("row").nth(2)).toContainText(byId.get(ranked[1]!.listing_id)!.name);
    expect(await seriousViolations(page)).toEqual([]);

    // Lowest first: values not generated yet stay last; ties go by svc id.
    const lowest = [...ranked].sort(
      (x, y) => x.value! - y.value! || Number(x.listing_id) - Number(y.listing_id),
    )[0]!;
    await page.getByRole("radio", { name: "Lowest first" }).click();
    const bottom = byId.get(lowest.listing_id)!;
    await expect(table.getByRole("row").nth(1)).toContainText(bottom.name);

    await table.getByRole("row").nth(1).getByRole("link", { name: bottom.name }).click();
    await expect(page).toHaveURL(new RegExp(`/listings/${bottom.svc_id}$`));
    await expect(page.getByRole("heading", { level: 1, name: bottom.name })).toBeVisible();
  });

  test("ticking rows offers the bulk actions for the selected listings", async ({ page }) => {
    const [a, b] = (await portfolioOf("owner")).filter((l) => !l.is_hidden);
    await signInAs(page, "owner");
    const toolbar = page.getByRole("group", { name: "Selected listings" });
    await expect(toolbar).toContainText("Tick listings");
    await rowOf(page, a!).getByRole("checkbox").check();
    await rowOf(page, b!).getByRole("checkbox").check();
    await expect(toolbar).toContainText("2 listings selected");
    await toolbar.getByRole("button", { name: "Clear selection" }).click();
    await expect(rowOf(page, a!).getByRole("checkbox")).not.toBeChecked();
  });
});
