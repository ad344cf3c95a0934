import type { Page, Request } from "@playwright/test";
import type { ListingFlag } from "../lib/svc/schemas/listing-extras";
import type { MonthlyKpis, PortfolioKpiRow } from "../lib/svc/schemas/kpis";
import { isoInWords } from "../lib/format/times";
import {
  expect,
  type PersonaName,
  portfolioOf,
  seriousViolations,
  svcGet,
  test,
  withSessionOf,
} from "./fixtures";
import { advanceClock, control, openWebhooksPage } from "./webhooks-support";

/**
 * The Overview: the page a revenue manager opens every morning. Figures are compared with the
 * reference service; per-listing reads happen only when asked, paced.
 */

const money = (value: number, currency: string) =>
  new Intl.NumberFormat("en", {
    style: "currency",
    currency,
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(value);

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Service requests the page makes through the BFF. */
function recordServiceRequests(page: Page) {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/svc/")) seen.push(request);
  });
  return seen;
}

async function openOverview(page: Page) {
  await page.goto("/");
  for (const card of ["pulse", "attention", "events", "recent", "overview-notifications"]) {
    await expect(page.getByTestId(card)).toHaveAttribute("data-state", "ready", { timeout: 15_000 });
  }
}

/** Revenue of the next 30 nights per currency, as the service ranks it, hidden listings left out. */
async function serviceRevenue(persona: PersonaName) {
  const hidden = new Set((await portfolioOf(persona)).filter((l) => l.is_hidden).map((l) => l.svc_id));
  const rows = await svcGet<PortfolioKpiRow[]>(
    "/listings/kpis?metric=revenue&window=0_30&per_page=100",
    persona,
  );
  const sums = new Map<string, number | null>();
  for (const row of rows) {
    if (hidden.has(row.listing_id)) continue;
    const before = sums.get(row.currency) ?? null;
    sums.set(row.currency, row.value === null ? before : round2((before ?? 0) + row.value));
  }
  return sums;
}

test.describe("the Overview", () => {
  test("first load spends at most six service requests and shows each currency's revenue as the service sums it", async ({
    page,
  }) => {
    await withSessionOf(page, "owner");
    const requests = recordServiceRequests(page);
    await openOverview(page);
    expect(requests.length, requests.map((r) => r.url()).join("\n")).toBeLessThanOrEqual(6);
    expect(requests.some((r) => /\/listings\/[^/?]+\//.test(new URL(r.url()).pathname))).toBe(false);

    const expected = await serviceRevenue("owner");
    expect(expected.size).toBeGreaterThan(1);
    for (const [currency, sum] of expected) {
      const row = page.getByTestId(`pulse-${currency}`);
      await expect(row).toContainText(sum === null ? "not available yet" : money(sum, currency));
    }
  });

  test("the newest notifications are the bell's own read: one request serves both", async ({ page }) => {
    await withSessionOf(page, "owner");
    const requests = recordServiceRequests(page);
    await openOverview(page);
    expect(requests.filter((r) => new URL(r.url()).pathname === "/api/svc/notifications")).toHaveLength(1);
    const newest = await svcGet<Array<{ title: string; message: string }>>("/notifications?per_page=5");
    const card = page.getByTestId("overview-notifications");
    // The service's own sentences, their dates in the dashboard's words.
    for (const n of newest) await expect(card).toContainText(isoInWords(n.message));
  });

  test("moving on to Listings after the Overview costs no new portfolio read", async ({ page }) => {
    await withSessionOf(page, "owner");
    await openOverview(page);
    const requests = recordServiceRequests(page);
    await page.getByRole("link", { name: "Listings", exact: true }).click();
    await expect(page.getByTestId("portfolio")).toHaveAttribute("data-state", "ready");
    expect(requests.filter((r) => new URL(r.url()).pathname === "/api/svc/listings")).toEqual([]);
  });

  test("the outsider's small portfolio renders, and no figure reads 0 where the service has none", async ({
    page,
  }) => {
    await withSessionOf(page, "outsider");
    await openOverview(page);
    const expected = await serviceRevenue("outsider");
    for (const [currency, sum] of expected) {
      await expect(page.getByTestId(`pulse-${currency}`)).toContainText(
        sum === null ? "not available yet" : money(sum, currency),
      );
    }
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("this month and next against last year read each listing's monthly KPIs on demand, at most 4 at a time", async ({
    page,
  }) => {
    await withSessionOf(page, "owner");
    await openOverview(page);
    let inFlight = 0;
    let most = 0;
    const monthly: string[] = [];
    const isMonthly = (r: Request) => r.url().includes("/kpis/monthly");
    page.on("request", (r) => {
      if (!isMonthly(r)) return;
      monthly.push(r.url());
      most = Math.max(most, ++inFlight);
    });
    const settle = (r: Request) => {
      if (isMonthly(r)) inFlight -= 1;
    };
    page.on("requestfinished", settle);
    page.on("requestfailed", settle);

    await page.getByRole("button", { name: "Compare with last year" }).click();
    await expect(page.getByTestId("last-year")).toHaveAttribute("data-state", "done", { timeout: 30_000 });

    const visible = (await portfolioOf("owner")).filter((l) => !l.is_hidden);
    expect(monthly).toHaveLength(visible.length);
    expect(most).toBeLessThanOrEqual(4);

    // This month's USD revenue is the sum of the USD listings' own monthly rows.
    const usd = visible.filter((l) => l.currency === "USD");
    const answers = await Promise.all(
      usd.map((l) => svcGet<MonthlyKpis>(`/listings/${l.svc_id}/kpis/monthly?channel=svc`)),
    );
    const thisMonth = new Date().toISOString().slice(0, 7);
    const sum = round2(
      answers.reduce((total, a) => total + (a.months.find((m) => m.month === thisMonth)?.revenue ?? 0), 0),
    );
    const table = page.getByRole("table", {
      name: "This month and next on the books today, against the same months last year as they finally stood",
    });
    await expect(table.getByRole("columnheader", { name: "On the books today" }).first()).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "Last year, final" }).first()).toBeVisible();
    const usdGroup = table.getByRole("rowgroup", { name: "USD" });
    await expect(usdGroup).toHaveAttribute("data-partial", "false");
    await expect(usdGroup.getByRole("row", { name: /Revenue/ })).toContainText(money(sum, "USD"));
  });

  test("checking every listing's flags lists the flagged ones, paced, and a listing opened afterwards costs nothing", async ({
    page,
  }) => {
    await withSessionOf(page, "owner");
    await openOverview(page);
    const flagReads: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/flags")) flagReads.push(r.url());
    });
    await page.getByRole("button", { name: "Check every listing's flags" }).click();
    await expect(page.getByTestId("attention").getByRole("status")).toContainText(
      /Read (\d+) of \1 listings/,
      {
        timeout: 30_000,
      },
    );

    const checked = (await portfolioOf("owner")).filter((l) => !l.is_hidden && l.is_active);
    expect(flagReads).toHaveLength(checked.length);
    const flagged = [];
    for (const listing of checked) {
      const flags = await svcGet<ListingFlag[]>(`/listings/${listing.svc_id}/flags?channel=svc`);
      if (flags.length > 0) flagged.push({ listing, flags });
    }
    expect(flagged.length).toBeGreaterThan(0);
    const list = page.getByRole("list", { name: "Listings needing attention" });
    const worst = flagged.find((f) => f.flags.some((flag) => flag.severity !== "info")) ?? flagged[0]!;
    const row = list
      .getByRole("listitem")
      .filter({ has: page.getByRole("link", { name: worst.listing.name }) });
    await expect(row).toContainText(`${worst.flags.length === 1 ? "1 flag" : `${worst.flags.length} flags`}`);

    // The flags tab of that listing reads from what the check already holds.
    const before = flagReads.length;
    await row.getByRole("link", { name: worst.listing.name }).click();
    await expect(page).toHaveURL(new RegExp(`/listings/${worst.listing.svc_id}\\?tab=flags`));
    await expect(page.getByText(worst.flags[0]!.message).first()).toBeVisible();
    expect(flagReads.length).toBe(before);
  });

  test("a recent flags.detected event names its listing, without a reload", async ({ page }) => {
    await withSessionOf(page, "owner");
    await openWebhooksPage(page);
    const panel = page.getByTestId("dashboard-connection");
    await panel.getByRole("button", { name: "Connect" }).click();
    await expect(panel).toHaveAttribute("data-state", "connected");
    try {
      await openOverview(page);
      const listing = (await portfolioOf("owner")).find((l) => !l.is_hidden && l.is_active)!;
      await control("simulate", { event: "flag", listing_id: listing.svc_id, code: "min_price_too_high" });
      await advanceClock(301);
      const row = page
        .getByRole("list", { name: "Listings needing attention" })
        .getByRole("listitem")
        .filter({ has: page.getByRole("link", { name: listing.name }) });
      await expect(row).toContainText("Named by a recent flags event", { timeout: 30_000 });
      await expect(page.getByTestId("events")).toContainText("Flags detected");
    } finally {
      await openWebhooksPage(page);
      await panel.getByRole("button", { name: "Disconnect" }).click();
      await expect(panel).toHaveAttribute("data-state", "not-connected");
    }
  });

  test("a set opened lately is a shortcut on the Overview", async ({ page }) => {
    await withSessionOf(page, "owner");
    await openOverview(page);
    await expect(page.getByTestId("recent")).toContainText("Nothing yet");
    const [set] = await svcGet<Array<{ id: string; name: string }>>("/sets?per_page=1");
    await page.goto(`/sets/${set!.id}`);
    await expect(page.getByRole("heading", { level: 1, name: set!.name })).toBeVisible();
    await openOverview(page);
    await page.getByTestId("recent").getByRole("link", { name: set!.name }).click();
    await expect(page).toHaveURL(new RegExp(`/sets/${set!.id}$`));
  });

  test("axe finds no serious or critical violation on the Overview", async ({ page }) => {
    await withSessionOf(page, "owner");
    await openOverview(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
