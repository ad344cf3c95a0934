import type { Page, Request } from "@playwright/test";
import type { PortfolioKpiRow } from "../lib/svc/schemas/kpis";
import type { Listing } from "../lib/svc/schemas/listings";
import { expect, seriousViolations, svcGet, test } from "./fixtures";

/**
 * The Overview of the portfolio manager's 1,500 listings: first load is a handful of service
 * requests; every listing (for totals, the lowest-booked listings and the flag check's count)
 * is read only when asked, paced, and checked here against the service's own answers.
 */

const LOW = 40;
const ATTENTION_LIMIT = 8;
const money = (value: number, currency: string) =>
  new Intl.NumberFormat("en", {
    style: "currency",
    currency,
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(value);

/** Service requests through the BFF, and the most in flight at once. */
function watchService(page: Page) {
  const seen = { urls: [] as string[], now: 0, most: 0 };
  const isService = (r: Request) => new URL(r.url()).pathname.startsWith("/api/svc/");
  page.on("request", (r) => {
    if (!isService(r)) return;
    seen.urls.push(r.url().replace(/^https?:\/\/[^/]+/, ""));
    seen.most = Math.max(seen.most, ++seen.now);
  });
  const done = (r: Request) => {
    if (isService(r)) seen.now -= 1;
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return seen;
}

async function openOverviewAs(page: Page) {
  await page.goto("/sign-in?next=/");
  const seen = watchService(page);
  await page.getByRole("button", { name: "Sign in as portfolio manager", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/");
  for (const card of ["pulse", "attention", "events", "recent", "overview-notifications"]) {
    await expect(page.getByTestId(card)).toHaveAttribute("data-state", "ready", { timeout: 30_000 });
  }
  // Settled: nothing in flight, and nothing new starts for a moment.
  await expect.poll(() => seen.now, { timeout: 10_000 }).toBe(0);
  await page.waitForTimeout(1_000);
  return seen;
}

/** Every page of a paginated read as the service answers it. */
async function allPages<T>(path: string): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; ; page += 1) {
    const batch = await svcGet<T[]>(`${path}&page=${page}&per_page=100`, "portfolio_manager");
    all.push(...batch);
    if (batch.length < 100) return all;
  }
}

test("at 1,500 listings the Overview's first load is at most 6 service requests and sums nothing partial", async ({
  page,
}) => {
  test.slow();
  const seen = await openOverviewAs(page);
  test.info().annotations.push({ type: "first-load requests", description: seen.urls.join(" ") });
  expect(seen.urls.length, seen.urls.join("\n")).toBeLessThanOrEqual(6);
  // Nothing per listing, and one listing page only.
  expect(seen.urls.filter((u) => /\/api\/svc\/listings\/[^/?]+\//.test(u))).toEqual([]);
  expect(seen.urls.filter((u) => /\/api\/svc\/listings\?.*per_page=100/.test(u))).toHaveLength(1);

  const pulse = page.getByTestId("pulse");
  await expect(pulse).toContainText("1,500 listings");
  await expect(pulse.getByRole("button", { name: "Add up all 1,500 listings" })).toBeVisible();
  await expect(pulse.getByTestId("pulse-USD")).toHaveCount(0);
  await expect(page.getByTestId("attention")).toContainText(
    "the ranking includes inactive and hidden listings",
  );
  expect(await seriousViolations(page)).toEqual([]);
});

test("read when asked, every listing names the lowest-booked listings as the service ranks them, and the totals are the service's", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openOverviewAs(page);
  const read = watchService(page);
  const button = page.getByTestId("attention").getByRole("button", { name: "Read all 1,500 listings" });
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("pulse").getByRole("status")).toContainText(
    /Totals over [\d,]+ of 1,500 listings/,
  );
  await expect(page.getByTestId("pulse-USD")).toBeVisible({ timeout: 150_000 });
  // 15 listing pages and 16 pages of each of the 3 rankings at most, never more than 4 at once.
  test.info().annotations.push({ type: "whole-read requests", description: String(read.urls.length) });
  expect(read.urls.length, read.urls.join("\n")).toBeLessThanOrEqual(63);
  expect(read.most).toBeLessThanOrEqual(4);

  // The service's truth, read after the page's own requests (they share the key's minute).
  const listings = await allPages<Listing>("/listings?include_managed_listings=true");
  expect(listings).toHaveLength(1500);
  const byId = new Map(listings.map((l) => [l.svc_id, l]));
  const lowest = await svcGet<PortfolioKpiRow[]>(
    "/listings/kpis?metric=occupancy&window=0_14&order=asc&per_page=100",
    "portfolio_manager",
  );
  const expected = lowest
    .filter((r) => r.value !== null && r.value < LOW)
    .map((r) => ({ value: r.value!, listing: byId.get(r.listing_id)! }))
    .filter(({ listing }) => listing.is_active && !listing.is_hidden)
    // The list's own order: emptier first, then by name.
    .sort((a, b) => a.value - b.value || a.listing.name.localeCompare(b.listing.name))
    .slice(0, ATTENTION_LIMIT);
  expect(expected.length).toBe(ATTENTION_LIMIT);
  const list = page.getByRole("list", { name: "Listings needing attention" });
  const rows = list.getByRole("listitem");
  await expect(rows).toHaveCount(ATTENTION_LIMIT);
  for (const [i, { value, listing }] of expected.entries()) {
    await expect(rows.nth(i).getByRole("link")).toHaveText(listing.name);
    await expect(rows.nth(i)).toContainText(`${value.toFixed(0)} % booked in the next 14 days`);
  }
  // The flag check now says what it costs: one request per active, visible listing.
  const checkable = listings.filter((l) => l.is_active && !l.is_hidden).length;
  await expect(
    page.getByRole("button", {
      name: `Check every listing's flags (${checkable.toLocaleString("en-US")} requests, paced)`,
    }),
  ).toBeVisible();

  // USD revenue of the next 30 nights: the sum over every visible USD listing, as the service values them.
  const revenue = await allPages<PortfolioKpiRow>("/listings/kpis?metric=revenue&window=0_30");
  const usd = revenue.filter(
    (r) => r.currency === "USD" && !byId.get(r.listing_id)!.is_hidden && r.value !== null,
  );
  const sum = Math.round(usd.reduce((total, r) => total + r.value!, 0) * 100) / 100;
  await expect(page.getByTestId("pulse-USD")).toContainText(money(sum, "USD"));
});
