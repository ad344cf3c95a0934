import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { PHASE_LABELS } from "../lib/metrics/kpi-series";
import { READ_ONLY_SEGMENT_REASON } from "../lib/segments/display";
import { segmentMonthRange, segmentSeries } from "../lib/segments/metrics";
import { filterInWords, marketNamesOf } from "../lib/segments/words";
import { formatMetric, metricTitle } from "../lib/metrics/lexicon-metrics";
import type { Listing } from "../lib/svc/schemas/listings";
import type { Segment } from "../lib/svc/schemas/segments";
import type { AggregatedMetrics } from "../lib/svc/schemas/set-analytics";
import {
  expect,
  keyOf,
  portfolioOf,
  rowOf,
  seriousViolations,
  svcGet,
  test,
  withSessionOf,
} from "./fixtures";
import {
  createOnService,
  nameField,
  openSegment,
  openSegments,
  segmentReady,
  segmentsList,
} from "./segments-support";
import { recordServiceRequests } from "./service-requests";
import { signInWithKey } from "./webhooks-support";

const rowOfSegment = (page: Page, name: string) =>
  segmentsList(page)
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name, exact: true }) });
const preview = (page: Page) => page.getByTestId("segment-preview");
const previewCount = (page: Page) => page.getByTestId("preview-count");
const filterJson = (page: Page) => page.getByLabel("Filter as JSON");

async function ownerSegment(name: string): Promise<Segment> {
  const found = (await svcGet<Segment[]>("/segments")).find((s) => s.name === name);
  expect(found, `seeded segment ${name}`).toBeDefined();
  return found!;
}

/** The owner's market with the most listings (its id and the name the service gives it). */
function busiestMarket(portfolio: Listing[]) {
  const counts = new Map<string, { id: string; name: string; n: number }>();
  for (const l of portfolio) {
    const entry = counts.get(l.market_id) ?? { id: l.market_id, name: l.market_name, n: 0 };
    entry.n += 1;
    counts.set(l.market_id, entry);
  }
  return [...counts.values()].sort((a, b) => b.n - a.n)[0]!;
}

async function downloadText(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: button }).click(),
  ]);
  return { name: download.suggestedFilename(), text: await readFile((await download.path())!, "utf8") };
}

test.describe("the segments list", () => {
  test("shows each segment's filter in words, default status and listing count as the service says", async ({
    page,
  }) => {
    const [segments, portfolio] = await Promise.all([svcGet<Segment[]>("/segments"), portfolioOf("owner")]);
    const names = marketNamesOf(portfolio);
    await withSessionOf(page, "owner");
    await openSegments(page);

    await expect(page.getByText(`${segments.length} segments`, { exact: true })).toBeVisible();
    for (const segment of segments) {
      const row = rowOfSegment(page, segment.name);
      await expect(row.getByRole("link")).toHaveAttribute("href", `/segments/${segment.id}`);
      await expect(row.getByRole("cell").nth(1)).toHaveText(filterInWords(segment.filter_backend, names));
      await expect(row.getByRole("cell").nth(2)).toHaveText(
        segment.default_status === "active" ? "Active" : "Inactive",
      );
      await expect(row.getByRole("cell").nth(3)).toHaveText(String(segment.listing_count));
    }
    // The seeded "Family homes" in the words a reader expects.
    await expect(rowOfSegment(page, "Family homes").getByRole("cell").nth(1)).toHaveText(
      "3+ bedrooms, tagged “family”",
    );
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("without any segment, the page invites to create the first one", async ({ page }) => {
    expect(await svcGet<Segment[]>("/segments", "outsider")).toEqual([]);
    await withSessionOf(page, "outsider");
    await openSegments(page);
    await expect(page.getByText("You have no segments yet.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Create your first segment" })).toHaveAttribute(
      "href",
      "/segments/new",
    );
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("creating, reading and editing a segment", () => {
  test("the owner builds a segment, sees its listings and monthly charts, downloads both, then edits it", async ({
    page,
  }) => {
    const portfolio = await portfolioOf("owner");
    const market = busiestMarket(portfolio);
    const name = `${market.name} two and three bedrooms`;
    await withSessionOf(page, "owner");
    await page.goto("/segments/new");
    await expect(preview(page)).toHaveAttribute("data-state", "ready");
    await expect(previewCount(page)).toHaveText(
      `${portfolio.length} of your ${portfolio.length} listings would match.`,
    );
    await expect(page.getByText(/Worked out in your browser/)).toBeVisible();
    await expect(
      page.getByText(/The service decides which listings the segment holds when you save/),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await nameField(page).fill(name);
    await page.getByLabel("Description").fill("Mid-size homes of the busiest market.");
    await page.getByRole("checkbox", { name: new RegExp(`^${market.name} \\(`) }).check();
    await page.getByLabel("At least").fill("2");
    await page.getByLabel("At most").fill("3");
    await page.getByRole("button", { name: "Create segment" }).click();
    await page.waitForURL(/\/segments\/seg_[0-9a-f]+$/);
    await segmentReady(page);

    const created = (await svcGet<Segment[]>("/segments")).find((s) => s.name === name)!;
    expect(created.filter_backend).toEqual({ market_ids: [market.id], bedrooms_min: 2, bedrooms_max: 3 });
    const listings = await svcGet<Listing[]>(`/segments/${created.id}/listings?per_page=100`);
    expect(listings.length).toBeGreaterThan(0);

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.getByTestId("segment-filter-words")).toHaveText(`${market.name}, 2–3 bedrooms`);
    await expect(page.getByText("Mid-size homes of the busiest market.")).toBeVisible();
    const table = page.getByTestId("segment-listings");
    await expect(table.getByText(`${listings.length} listings in this segment`)).toBeVisible();
    await expect(table.getByRole("row")).toHaveCount(listings.length + 1);
    for (const listing of listings) await expect(rowOf(page, listing)).toBeVisible();
    // The portfolio's table: its columns sort.
    const header = table.getByRole("columnheader", { name: "Listing" });
    await header.getByRole("button").click();
    await expect(header).toHaveAttribute("aria-sort", "ascending");

    // Monthly metrics in the service's currency, on every monetary title and axis; forward months apart.
    const range = segmentMonthRange();
    const metrics = await svcGet<AggregatedMetrics>(
      `/segments/${created.id}/aggregated_metrics?include_managed_listings=true&start_month=${range.start_month}&end_month=${range.end_month}`,
    );
    const charts = page.getByTestId("segment-metrics");
    await expect(charts.locator("section[data-state]")).toHaveCount(4);
    for (const card of await charts.locator("section[data-state]").all()) {
      await expect(card).toHaveAttribute("data-state", "ready");
    }
    for (const metric of ["adr", "occupancy", "revpar", "revenue"] as const) {
      await expect(
        charts.getByRole("heading", { name: metricTitle(metric, metrics.currency) }),
      ).toBeVisible();
    }
    const adr = segmentSeries(metrics).adr;
    const adrTable = charts.getByRole("table", { name: metricTitle("adr", metrics.currency) });
    await expect(adrTable.getByRole("row")).toHaveCount(adr.length + 1);
    expect((await adrTable.getByRole("row").allTextContents()).slice(1)).toEqual(
      adr.map((p) => `${p.label}${formatMetric("adr", p.value, metrics.currency)}${PHASE_LABELS[p.phase]}`),
    );
    expect(adr.some((p) => p.phase === "forward")).toBe(true);
    await expect(charts.getByText("Forward (on the books)").first()).toBeVisible();

    const listingsCsv = await downloadText(page, "Download listings CSV");
    expect(listingsCsv.name).toMatch(/-listings\.csv$/);
    const listingLines = listingsCsv.text.trimEnd().split("\r\n");
    expect(listingLines[0]).toMatch(/^svc_id,channel,channel_listing_id,name,market,bedrooms,/);
    expect(listingLines).toHaveLength(listings.length + 1);
    const metricsCsv = await downloadText(page, "Download metrics CSV");
    const metricLines = metricsCsv.text.trimEnd().split("\r\n");
    expect(metricLines[0]).toContain(`adr (${metrics.currency})`);
    expect(metricLines).toHaveLength(metrics.months.length + 1);
    expect(await seriousViolations(page)).toEqual([]);

    // Edit: the preview agrees with what the service answered, and a tag narrows the segment.
    await page.getByRole("link", { name: "Edit segment" }).click();
    await page.waitForURL(/\/edit$/);
    await expect(preview(page)).toHaveAttribute("data-state", "ready");
    await expect(previewCount(page)).toHaveText(
      `${listings.length} of your ${portfolio.length} listings would match.`,
    );
    await expect(page.getByLabel("At least")).toHaveValue("2");
    const tag = listings.flatMap((l) => l.tags)[0] ?? "family";
    await page.getByLabel("Tagged with any of").fill(tag);
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.waitForURL(/\/segments\/seg_[0-9a-f]+$/);
    await segmentReady(page);
    await expect(page.getByTestId("segment-filter-words")).toHaveText(
      `${market.name}, 2–3 bedrooms, tagged “${tag}”`,
    );
    const edited = await svcGet<Listing[]>(`/segments/${created.id}/listings?per_page=100`);
    await expect(
      page.getByText(`${edited.length} listing${edited.length === 1 ? "" : "s"} in this segment`),
    ).toBeVisible();
    expect((await ownerSegment(name)).filter_backend).toEqual({
      market_ids: [market.id],
      bedrooms_min: 2,
      bedrooms_max: 3,
      tags_any: [tag],
    });
  });

  test("the JSON view round-trips a key the builder does not know; the service's refusal is shown beside it", async ({
    page,
  }) => {
    const family = await ownerSegment("Family homes");
    await withSessionOf(page, "owner");
    const service = recordServiceRequests(page);
    await page.goto(`/segments/${family.id}/edit`);
    await expect(preview(page)).toHaveAttribute("data-state", "ready");

    await page.getByRole("tab", { name: "Edit as JSON" }).click();
    expect(JSON.parse(await filterJson(page).inputValue())).toEqual(family.filter_backend);
    await filterJson(page).fill('{"bedrooms_min": 3, "tags_any": ["family"], "min_rating": 4.5}');
    await page.getByRole("tab", { name: "Builder" }).click();
    await expect(page.getByRole("note").filter({ hasText: "Kept as written" })).toContainText("min_rating");
    await expect(preview(page)).toContainText("min_rating is not in this preview.");
    await page.getByLabel("At least").fill("4");
    await page.getByRole("tab", { name: "Edit as JSON" }).click();
    expect(JSON.parse(await filterJson(page).inputValue())).toEqual({
      bedrooms_min: 4,
      tags_any: ["family"],
      min_rating: 4.5,
    });
    expect(await seriousViolations(page)).toEqual([]);

    // The reference service evaluates no min_rating: it says so, and the form keeps everything.
    await page.getByRole("tab", { name: "Builder" }).click();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "min_rating" })).toHaveText(
      "The service does not apply a condition named “min_rating”. Remove it in the JSON view, or keep it for a service that knows it.",
    );
    await expect(page).toHaveURL(/\/edit$/);
    await expect(page.getByLabel("At least")).toHaveValue("4");
    await expect(nameField(page)).toHaveValue("Family homes");

    await page.getByRole("tab", { name: "Edit as JSON" }).click();
    await filterJson(page).fill('{"bedrooms_min": 4, "tags_any": ["family"]}');
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.waitForURL(/\/segments\/seg_[0-9a-f]+$/);
    await segmentReady(page);
    expect((await ownerSegment("Family homes")).filter_backend).toEqual({
      bedrooms_min: 4,
      tags_any: ["family"],
    });
    expect(service.serverErrors).toEqual([]);
  });

  test("bad input gets a sentence in place, keeps what was typed and sends nothing the contract refuses", async ({
    page,
  }) => {
    await withSessionOf(page, "owner");
    const service = recordServiceRequests(page);
    const posts = () =>
      service.sent.filter((path, i) => service.methods[i] === "POST" && path.startsWith("/api/svc/segments"));
    await page.goto("/segments/new");
    await expect(preview(page)).toHaveAttribute("data-state", "ready");
    const create = page.getByRole("button", { name: "Create segment" });

    await create.click();
    await expect(page.getByText("Give the segment a name.")).toBeVisible();
    const long = "n".repeat(121);
    await nameField(page).fill(long);
    await create.click();
    await expect(page.getByText("Keep the name to 120 characters.")).toBeVisible();
    await expect(nameField(page)).toHaveValue(long);
    await nameField(page).fill("Upside down");

    await page.getByLabel("At least").fill("4");
    await page.getByLabel("At most").fill("2");
    await create.click();
    await expect(
      page.getByText("The bedroom range is upside down: the maximum (2) is below the minimum (4)."),
    ).toBeVisible();
    await expect(preview(page)).toContainText("The preview waits until the filter can be read");
    await page.getByLabel("At most").fill("");

    await page.getByRole("tab", { name: "Edit as JSON" }).click();
    const malformed = '{"bedrooms_min": 4,, }';
    await filterJson(page).fill(malformed);
    await page.getByRole("tab", { name: "Builder" }).click();
    await expect(page.getByText(/^This is not valid JSON\./)).toBeVisible();
    await expect(page.getByRole("tab", { name: "Edit as JSON" })).toHaveAttribute("aria-selected", "true");
    await create.click();
    await expect(filterJson(page)).toHaveValue(malformed);
    expect(posts()).toEqual([]);

    // An unknown market typed by hand: the contract accepts any object, the service refuses it.
    await filterJson(page).fill('{"market_ids": ["mkt_nowhere"]}');
    await expect(preview(page)).toContainText("None of your listings is in mkt_nowhere.");
    await create.click();
    await expect(
      page.getByText("The service knows no market mkt_nowhere. Pick markets from the list, or check the id."),
    ).toBeVisible();
    await expect(filterJson(page)).toHaveValue('{"market_ids": ["mkt_nowhere"]}');
    await expect(nameField(page)).toHaveValue("Upside down");
    expect(posts()).toHaveLength(1);
    expect(service.serverErrors).toEqual([]);
    // No validator's or engine's wording on the page.
    await expect(page.getByText(/Too big|Too small|Unexpected token|expected/)).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("a segment that does not exist says so on its page and its edit page", async ({ page }) => {
    await withSessionOf(page, "owner");
    const service = recordServiceRequests(page);
    for (const path of ["/segments/seg_0000000000000000", "/segments/seg_0000000000000000/edit"]) {
      await page.goto(path);
      await expect(
        page.getByRole("heading", { level: 1, name: "No such segment among yours." }),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to your segments" })).toHaveAttribute(
        "href",
        "/segments",
      );
    }
    expect(service.serverErrors).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("a segment's page", () => {
  test("opening a segment costs at most 4 requests, and coming back to it costs none", async ({ page }) => {
    const family = await ownerSegment("Family homes");
    await withSessionOf(page, "owner");
    const service = recordServiceRequests(page);
    await openSegment(page, family.id);
    await expect.poll(service.inFlight).toBe(0);
    // What the segment page sent: the recorder leaves out the shell's bell.
    expect(service.sent.length, service.sent.join("\n")).toBeLessThanOrEqual(4);

    // The list page reads the portfolio for its market names (the segment page never does): that
    // read is answered before counting starts, or it would be counted as the return trip's.
    const portfolioRead = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/svc/listings");
    await page.getByRole("link", { name: "← All segments" }).click();
    await expect(segmentsList(page)).toHaveAttribute("data-state", "ready");
    await portfolioRead;
    await expect.poll(service.inFlight).toBe(0);
    service.clear();
    await rowOfSegment(page, "Family homes").getByRole("link").click();
    await segmentReady(page);
    await expect.poll(service.inFlight).toBe(0);
    expect(service.sent).toEqual([]);
  });

  test("the managed-listings switch lives in the URL and says in words what it shows", async ({ page }) => {
    const [mine] = await svcGet<Segment[]>("/segments", "manager");
    const withManaged = await svcGet<Listing[]>(`/segments/${mine!.id}/listings?per_page=100`, "manager");
    const ownOnly = await svcGet<Listing[]>(
      `/segments/${mine!.id}/listings?per_page=100&include_managed_listings=false`,
      "manager",
    );
    expect(ownOnly.length).toBeLessThan(withManaged.length);
    await withSessionOf(page, "manager");
    await openSegment(page, mine!.id);
    const section = page.getByTestId("segment-listings");
    const toggle = page.getByRole("switch", { name: "Include listings I manage" });
    await expect(toggle).toBeChecked();
    await expect(section.getByText(`${withManaged.length} listings in this segment`)).toBeVisible();
    await expect(
      section.getByText(
        "Listings you manage for other owners count too unless you switch this off; switch it off to see only your own.",
      ),
    ).toBeVisible();

    await toggle.click();
    await expect.poll(() => new URL(page.url()).searchParams.get("managed")).toBe("false");
    await expect(section).toHaveAttribute("data-state", "ready");
    const count = `${ownOnly.length} listing${ownOnly.length === 1 ? "" : "s"} in this segment`;
    await expect(section.getByText(count)).toBeVisible();
    await page.reload();
    await segmentReady(page);
    await expect(toggle).not.toBeChecked();
    await expect(section.getByText(count)).toBeVisible();
  });

  test("shows the team members the segment is assigned to, read-only", async ({ page }) => {
    const [segments, members] = await Promise.all([
      svcGet<Segment[]>("/segments"),
      svcGet<Array<{ first_name: string; last_name: string; assigned_segment_ids: string[] }>>(
        "/teams/members",
      ),
    ]);
    const assignee = members.find((m) => m.assigned_segment_ids.length > 0)!;
    const assigned = segments.find((s) => s.id === assignee.assigned_segment_ids[0])!;
    const other = segments.find((s) => !members.some((m) => m.assigned_segment_ids.includes(s.id)))!;
    await withSessionOf(page, "owner");
    await openSegment(page, assigned.id);
    const card = page.getByTestId("segment-assignees");
    await expect(card).toContainText(`${assignee.first_name} ${assignee.last_name}`);
    await expect(card.getByRole("link", { name: "Team" })).toHaveAttribute("href", "/team");
    await expect(card.getByRole("button")).toHaveCount(0);
    await openSegment(page, other.id);
    await expect(card).toContainText("No team member is assigned this segment.");
  });

  test("a segment opened lately is a shortcut on the Overview", async ({ page }) => {
    const family = await ownerSegment("Family homes");
    await withSessionOf(page, "owner");
    await openSegment(page, family.id);
    await page.goto("/");
    await page.getByTestId("recent").getByRole("link", { name: "Family homes" }).click();
    await expect(page).toHaveURL(new RegExp(`/segments/${family.id}$`));
  });
});

test.describe("what a caller may not change says why", () => {
  test("with a read-only key, creating and editing are disabled with the reason on every segment page", async ({
    page,
  }) => {
    const family = await ownerSegment("Family homes");
    await signInWithKey(page, await keyOf("owner", "read_only"));
    await openSegments(page);
    await expect(page.getByRole("button", { name: "New segment" })).toBeDisabled();
    await expect(page.getByRole("note")).toHaveText(READ_ONLY_SEGMENT_REASON);
    expect(await seriousViolations(page)).toEqual([]);

    await openSegment(page, family.id);
    await expect(page.getByRole("button", { name: "Edit segment" })).toBeDisabled();
    await expect(page.getByRole("note").filter({ hasText: READ_ONLY_SEGMENT_REASON })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    for (const path of ["/segments/new", `/segments/${family.id}/edit`]) {
      await page.goto(path);
      await expect(page.getByRole("note")).toHaveText(READ_ONLY_SEGMENT_REASON);
      await expect(page.getByRole("button", { name: /Create segment|Save changes/ })).toHaveCount(0);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("a viewer's own segment lists the owner's listings read-only, each saying why", async ({ page }) => {
    const mine = await createOnService("viewer", { name: "Everything I see", filter_backend: {} });
    const listings = await svcGet<Listing[]>(`/segments/${mine.id}/listings?per_page=100`, "viewer");
    // On the first page of the table (25 rows, in the service's order until sorted).
    const viewed = listings.slice(0, 25).find((l) => l.access_level === "viewer")!;
    await withSessionOf(page, "viewer");
    await openSegment(page, mine.id);
    const row = rowOf(page, viewed);
    await expect(row.getByRole("cell", { name: "Viewer · read only" })).toBeVisible();
    await expect(
      row.getByRole("note", { name: "Tags are read only: Viewers have read-only access to this listing." }),
    ).toBeVisible();
    // The segment is the viewer's own: editing it is allowed.
    await expect(page.getByRole("link", { name: "Edit segment" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
