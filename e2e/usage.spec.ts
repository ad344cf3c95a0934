import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import type { ApiKey } from "../lib/svc/schemas/api-keys";
import type { Listing } from "../lib/svc/schemas/listings";
import type { UsageReport } from "../lib/svc/schemas/usage";
import { addDays, todayUtc } from "../lib/format/dates";
import { formatUtc } from "../lib/format/times";
import {
  expect,
  keyOf,
  LIMITED_DASHBOARD,
  LIMITED_SANDBOX,
  resetSandbox,
  SANDBOX,
  seriousViolations,
  test,
  withSessionOf,
} from "./fixtures";

/** A direct call to a reference service with one key: the traffic the report counts. */
async function call(key: string, path: string, sandbox = SANDBOX): Promise<Response> {
  return fetch(`${sandbox}${path}`, { headers: { "x-api-key": key } });
}

async function json<T>(key: string, path: string, sandbox = SANDBOX): Promise<T> {
  const response = await call(key, path, sandbox);
  expect(response.ok).toBe(true);
  return (await response.json()) as T;
}

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

/** Every chart and table of the report has its figures. */
async function expectReady(page: Page) {
  for (const name of ["Requests by day", "Error rate", "Latency", "By endpoint", "By key"]) {
    await expect(region(page, name)).toHaveAttribute("data-state", "ready");
  }
}

const requestsTile = (page: Page) => page.getByRole("group", { name: "Requests", exact: true });

/** The Requests tile shows exactly this count. */
async function expectRequests(page: Page, count: number) {
  await expect(requestsTile(page).getByText(count.toLocaleString("en-US"), { exact: true })).toBeVisible();
}

/** The Requests column of the endpoint table, top to bottom. */
async function requestCounts(page: Page): Promise<number[]> {
  const rows = region(page, "By endpoint").getByRole("row");
  const texts = await rows.evaluateAll((trs) =>
    trs.slice(1).map((tr) => (tr as HTMLTableRowElement).cells[1]?.textContent ?? ""),
  );
  return texts.map((t) => Number(t.replace(/,/g, "")));
}

test.describe("usage", () => {
  test.beforeEach(() => resetSandbox(LIMITED_SANDBOX));
  test("the owner's traffic by day, endpoint and key, filtered, sorted and exported", async ({ page }) => {
    const owner = await keyOf("owner");
    const readOnly = await keyOf("owner", "read_only");
    const [listing] = await json<Listing[]>(owner, "/listings?per_page=2");
    const keys = await json<ApiKey[]>(owner, "/api_keys");
    const readOnlyToken = keys.find((k) => k.kind === "read_only")!;
    // Two reads of one listing, a listing that does not exist, and a bad query.
    const statuses = await Promise.all([
      call(owner, `/listings/${listing!.id}?channel=${listing!.channel}`),
      call(owner, `/listings/${listing!.id}?channel=${listing!.channel}`),
      call(owner, `/listings/no-such-listing?channel=airbnb`),
      call(owner, `/listings?per_page=lots`),
      ...Array.from({ length: 4 }, () => call(readOnly, "/listings?per_page=1")),
    ]).then((responses) => responses.map((r) => r.status));
    expect(statuses.slice(0, 4)).toEqual([200, 200, 404, 400]);

    await withSessionOf(page, "owner");
    await page.goto("/usage");
    await expectReady(page);
    await expect(page.getByText(/Figures as of \d\d:\d\d:\d\d UTC · the service caches them/)).toBeVisible();

    // The page's query is the service's cache key too: asking now returns the page's figures.
    const truth = await json<UsageReport>(owner, "/usage?days_back=7");
    await expectRequests(page, truth.totals.requests);

    // Endpoints are grouped by route pattern, never by the concrete path: the seeded week's
    // reads of single listings and this test's three (one of them a 404) are one row.
    const seededAndOurs = truth.by_endpoint.find(
      (e) => e.method === "GET" && e.route === "/listings/{listing_id}",
    )!;
    expect(seededAndOurs.requests).toBeGreaterThan(3);
    const endpoints = region(page, "By endpoint");
    const byId = endpoints.getByRole("row").filter({
      has: page.getByRole("cell", { name: "GET /listings/{listing_id}", exact: true }),
    });
    await expect(byId).toHaveCount(1);
    await expect(byId.getByRole("cell").nth(1)).toHaveText(seededAndOurs.requests.toLocaleString("en-US"));
    await expect(endpoints.getByText(`/listings/${listing!.id}`)).toHaveCount(0);

    // Sorting by requests, both ways, with aria-sort on the header.
    const header = endpoints.getByRole("columnheader", { name: "Requests" });
    await header.getByRole("button").click();
    await expect(header).toHaveAttribute("aria-sort", "descending");
    const desc = await requestCounts(page);
    expect(desc.length).toBeGreaterThan(1);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    await header.getByRole("button").click();
    await expect(header).toHaveAttribute("aria-sort", "ascending");
    expect(await requestCounts(page)).toEqual([...desc].sort((a, b) => a - b));

    // CSV of the endpoint table: a file whose first line is the header.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      endpoints.getByRole("button", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^usage-endpoints-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = await readFile((await download.path())!, "utf8");
    const [first, ...rest] = csv.split("\r\n");
    expect(first).toBe(
      "Method,Route,Requests,Errors (429s included),429s,Error rate (%),p50 latency (ms),p95 latency (ms),p99 latency (ms)",
    );
    expect(
      rest.some((line) =>
        line.startsWith(
          `GET,/listings/{listing_id},${seededAndOurs.requests},${seededAndOurs.errors},${seededAndOurs.rate_limited},`,
        ),
      ),
    ).toBe(true);

    // The key filter narrows the report to the read-only key: its nightly reports and our four.
    await page.getByLabel("API key").selectOption(readOnlyToken.token_id);
    await expect(page).toHaveURL(new RegExp(`key=${readOnlyToken.token_id}`));
    await expectReady(page);
    const narrowed = await json<UsageReport>(owner, `/usage?days_back=7&token_id=${readOnlyToken.token_id}`);
    expect(narrowed.by_endpoint.find((e) => e.route === "/listings")!.requests).toBeGreaterThanOrEqual(4);
    await expectRequests(page, narrowed.totals.requests);
    const byKey = region(page, "By key");
    await expect(byKey.getByRole("row")).toHaveCount(2);
    await expect(byKey.getByRole("row").nth(1)).toContainText(
      `${readOnlyToken.name}••••${readOnlyToken.last4}`,
    );
    await page.getByLabel("API key").selectOption({ label: "All keys" });
    await expectRequests(page, truth.totals.requests);
  });

  test("a fresh install shows a week of traffic with a day of 429s and names the endpoint with the most", async ({
    page,
  }) => {
    await withSessionOf(page, "owner");
    await page.goto("/usage");
    await expectReady(page);

    // The chart's figures as its text alternative: the seven days before today, and today.
    const byDay = page.getByRole("table", { name: "Requests by day and outcome" });
    const days = await byDay.locator("tbody tr").evaluateAll((trs) =>
      trs.map((tr) => {
        const cells = [...(tr as HTMLTableRowElement).cells].map((c) => c.textContent ?? "");
        return { day: cells[0]!, requests: Number(cells[1]), rateLimited: Number(cells[4]) };
      }),
    );
    expect(days).toHaveLength(8);
    // The first day is cut by the rolling window; every day after it had traffic.
    for (const day of days.slice(1)) expect(day.requests, day.day).toBeGreaterThan(0);
    const burst = days.filter((d) => d.rateLimited > 300);
    expect(burst).toHaveLength(1);

    const truth = await json<UsageReport>(await keyOf("owner"), "/usage?days_back=7");
    const top = [...truth.by_endpoint].sort((a, b) => b.rate_limited - a.rate_limited)[0]!;
    expect(top.route).toBe("/listings/{listing_id}/kpis/monthly");
    await expect(page.getByText("Most 429s:").locator("..")).toContainText(
      `Most 429s: GET /listings/{listing_id}/kpis/monthly: ${top.rate_limited.toLocaleString("en-US")} of the window's`,
    );
    await expect(page.getByText("Most 429s:").locator("..")).toContainText(
      `Day with the most 429s: ${burst[0]!.day}`,
    );

    // The endpoint table sorted by 429s says the same.
    const endpoints = region(page, "By endpoint");
    await endpoints.getByRole("columnheader", { name: "429s" }).getByRole("button").click();
    await expect(endpoints.getByRole("columnheader", { name: "429s" })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    await expect(endpoints.getByRole("row").nth(1)).toContainText("GET /listings/{listing_id}/kpis/monthly");
  });

  test("a range stays within 7 days: moving one end moves the other", async ({ page }) => {
    const today = todayUtc();
    await withSessionOf(page, "owner");
    await page.goto("/usage");
    await expectReady(page);

    await page.getByRole("radio", { name: "Range" }).click();
    const from = page.getByLabel("From", { exact: true });
    const to = page.getByLabel("To", { exact: true });
    await expect(from).toHaveValue(addDays(today, -6));
    await expect(to).toHaveValue(today);
    await expect(to).toHaveAttribute("max", today);
    await expect(page).toHaveURL(new RegExp(`from=${addDays(today, -6)}&to=${today}`));
    await expectReady(page);

    // Moving the start three weeks back pulls the end along: 7 days, both included.
    const start = addDays(today, -20);
    await from.fill(start);
    await expect(to).toHaveValue(addDays(start, 6));
    await expect(page).toHaveURL(new RegExp(`from=${start}&to=${addDays(start, 6)}`));
    await expectReady(page);
    await expect(page.getByText(/Window measured: .* to /)).toContainText(formatUtc(`${start}T00:00:00Z`));

    // Moving the end forward pulls the start along the same way.
    await to.fill(addDays(today, -1));
    await expect(from).toHaveValue(addDays(today, -7));
    await expectReady(page);

    await page.getByRole("radio", { name: "Last N days" }).click();
    await expect(page.getByLabel("Days", { exact: true })).toHaveValue("7");
    await expect(page).not.toHaveURL(/from=/);
  });

  test("a longer range typed into the address is explained, not sent", async ({ page }) => {
    const today = todayUtc();
    await withSessionOf(page, "owner");
    await page.goto(`/usage?from=${addDays(today, -10)}&to=${today}`);
    await expect(page.getByRole("alert").filter({ hasText: "This window can't be reported." })).toContainText(
      "The service reports at most 7 days at a time. Pick a shorter range.",
    );
    await expect(page.getByTestId("usage-report")).toHaveAttribute("data-state", "error");

    await page.goto("/usage?days=10");
    await expect(page.getByRole("alert").filter({ hasText: "This window can't be reported." })).toContainText(
      "The service reports at most 7 days at a time. Pick a shorter range.",
    );
    await page.getByRole("button", { name: "Show the last 7 days, all keys" }).click();
    await expectReady(page);
    await expect(page).not.toHaveURL(/days=/);
  });

  test("a truncated report names the window it measured", async ({ page }) => {
    // The limited pair reads at most 25 records per report and allows 30 requests a minute per key.
    const readOnly = await keyOf("owner", "read_only", LIMITED_SANDBOX);
    const channel = await keyOf("owner", "channel_integration", LIMITED_SANDBOX);
    await Promise.all([
      ...Array.from({ length: 20 }, () => call(readOnly, "/listings?per_page=1", LIMITED_SANDBOX)),
      ...Array.from({ length: 10 }, () => call(channel, "/api_keys", LIMITED_SANDBOX)),
    ]);

    await withSessionOf(page, "owner", LIMITED_DASHBOARD);
    await page.goto(`${LIMITED_DASHBOARD}/usage`);
    await expectReady(page);
    const notice = page
      .getByRole("status")
      .filter({ hasText: "reached the most requests one call can read" });
    await expect(notice).toBeVisible();

    // The service's own answer (cached, so the same as the page's) gives the measured window.
    const report = await json<UsageReport>(
      await keyOf("owner", "standard", LIMITED_SANDBOX),
      "/usage?days_back=7",
      LIMITED_SANDBOX,
    );
    expect(report.window.truncated).toBe(true);
    await expect(notice).toContainText(
      `the figures cover ${formatUtc(report.window.start)} to ${formatUtc(report.window.end)} only, not the whole window you picked.`,
    );
    await expectRequests(page, report.totals.requests);
  });

  test("axe finds no serious or critical violation on the usage page", async ({ page }) => {
    const owner = await keyOf("owner");
    await Promise.all([call(owner, "/listings?per_page=1"), call(owner, "/listings?per_page=bad")]);
    await withSessionOf(page, "owner");
    await page.goto("/usage");
    await expectReady(page);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("radio", { name: "Range" }).click();
    await expectReady(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
