import type { PortfolioKpiRow } from "../lib/svc/schemas/kpis";
import type { AggregatedMetrics } from "../lib/svc/schemas/set-analytics";
import { column, downloadCsv } from "./exports-support";
import { expect, portfolioOf, sortColumn, svcGet, test, withSessionOf } from "./fixtures";
import { membersOf, setNamed } from "./sets-members-support";

test.describe("CSV exports", () => {
  test("the listings table downloads every listing the filters show, in the table's order, with its KPI column", async ({
    page,
  }) => {
    const visible = (await portfolioOf("owner")).filter((l) => !l.is_hidden);
    expect(visible.length).toBeGreaterThan(25);
    const kpis = await svcGet<PortfolioKpiRow[]>(
      "/listings/kpis?metric=adr&window=30_0&currency=USD&per_page=100",
    );
    const adr = new Map(kpis.map((k) => [k.listing_id, k.value]));

    await withSessionOf(page, "owner");
    await page.goto("/listings?kpi=adr&currency=USD");
    await expect(page.getByTestId("portfolio")).toHaveAttribute("data-kpi-state", "ready");
    // Sorted by the KPI, highest first: the file follows the table, not the service's order.
    const header = page.getByRole("columnheader", { name: /ADR/ });
    await sortColumn(header, "descending");
    await expect(
      page.getByText(
        `The CSV holds all ${visible.length} listings these filters show, on every page, in the table's order.`,
      ),
    ).toBeVisible();

    const { filename, rows } = await downloadCsv(page, page.getByRole("button", { name: "Download CSV" }));
    expect(filename).toMatch(/^listings-adr-30_0-USD-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(rows[0]!.slice(-2)).toEqual(["adr (past 30 days in USD)", "kpi_currency"]);
    expect(rows).toHaveLength(1 + visible.length);
    const ids = column(rows, "svc_id");
    expect([...ids].sort()).toEqual(visible.map((l) => l.svc_id).sort());
    // Every value is the service's, and they run highest first with the missing ones last.
    const values = column(rows, "adr (past 30 days in USD)");
    ids.forEach((id, i) => expect(values[i]).toBe(String(adr.get(id) ?? "")));
    const numbers = values.filter((v) => v !== "").map(Number);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(values.slice(numbers.length).every((v) => v === "")).toBe(true);
    // The first page of the table shows the file's first 25 rows, in the same order.
    const shown = await page
      .getByRole("row")
      .evaluateAll((trs) => trs.slice(1).map((tr) => tr.querySelector("a")?.textContent ?? ""));
    expect(shown).toEqual(column(rows, "name").slice(0, 25));
  });

  test("the KPI ranking downloads in the order it is ranked", async ({ page }) => {
    await withSessionOf(page, "owner");
    await page.goto("/listings?view=ranking&kpi=revenue&window=90_0");
    const ranking = page.getByRole("table", { name: /Listings ranked by revenue, past 90 days/ });
    await expect(ranking).toBeVisible();
    await page.getByRole("radio", { name: "Lowest first" }).click();
    const { filename, rows } = await downloadCsv(page, page.getByRole("button", { name: "Download CSV" }));
    expect(filename).toMatch(/^listings-ranking-revenue-90_0-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(rows[0]).toEqual([
      "rank",
      "svc_id",
      "channel",
      "channel_listing_id",
      "name",
      "market",
      "revenue (past 90 days)",
      "kpi_currency",
    ]);
    const names = await ranking.locator("tbody tr a").allTextContents();
    expect(column(rows, "name")).toEqual(names);
    expect(column(rows, "rank")[0]).toBe("1");
  });

  test("a set's members download with the metrics of the period picked, every status", async ({ page }) => {
    const set = await setNamed("South Congress 2BR comps");
    const members = await membersOf(set.id);
    const expected = [...members.active, ...members.suggested, ...members.inactive];
    expect(expected.length).toBeGreaterThan(0);

    await withSessionOf(page, "owner");
    await page.goto(`/sets/${set.id}`);
    await expect(page.getByTestId("members")).toHaveAttribute("data-state", "ready");
    await page.getByRole("radio", { name: "Past 90 days" }).click();
    const { filename, rows } = await downloadCsv(
      page,
      page.getByRole("button", { name: "Download members CSV" }),
    );
    expect(filename).toBe(`set-${set.id}-members-90_0.csv`);
    expect(rows[0]).toContain("adr_90_0");
    expect(column(rows, "listing_id")).toEqual(expected.map((m) => m.listing_id));
    expect(column(rows, "status")).toEqual(expected.map((m) => m.status));
    expect(column(rows, "revenue_90_0")).toEqual(expected.map((m) => String(m.revenue_90_0 ?? "")));
  });

  test("a paid set's monthly metrics download month by month, as the service answered", async ({ page }) => {
    const set = await setNamed("Miami Beach core comps", "viewer");
    const truth = await svcGet<AggregatedMetrics>(`/sets/${set.id}/aggregated_metrics`, "viewer");
    await withSessionOf(page, "viewer");
    await page.goto(`/sets/${set.id}?tab=analytics`);
    const section = page.getByTestId("monthly-metrics");
    await expect(section.locator("section[data-state]").first()).toHaveAttribute("data-state", "ready");
    const { filename, rows } = await downloadCsv(page, section.getByRole("button", { name: "Download CSV" }));
    expect(filename).toBe(`set-${set.id}-monthly-metrics-past-12.csv`);
    expect(rows[0]!.slice(0, 4)).toEqual(["month", "period", "currency", "listing_count"]);
    expect(column(rows, "month")).toEqual(truth.months.map((m) => m.month));
    expect(column(rows, `adr (${truth.currency})`)).toEqual(truth.months.map((m) => String(m.adr ?? "")));
  });
});
