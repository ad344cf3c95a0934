import { addDays, format } from "date-fns";
import type { Page } from "@playwright/test";
import type { PriceCalendar } from "../lib/svc/schemas/calendar";
import type { Listing } from "../lib/svc/schemas/listings";
import type { SetPriceCalendar } from "../lib/svc/schemas/set-analytics";
import { expect, keyOf, SANDBOX, seriousViolations, svcGet, test, withSessionOf } from "./fixtures";

/**
 * The set price calendar on the analytics tab: one row per active member under the comps'
 * median, 25th and 75th percentile (three pinned lines), my listings with their difference to
 * that median, the 25-membership limit (every status counts) checked before calling, and the
 * service's 422 explained alike.
 */

/** The comps' median, 25th and 75th percentile: three lines pinned under the header. */
const FIGURE_LINES = 3;

type SetRow = { id: string; name: string; is_paid: boolean };
type Members = Record<
  "active" | "suggested" | "inactive",
  Array<{ listing_id: string; latitude: number; longitude: number }>
>;

async function asOwner(path: string, init: RequestInit = {}) {
  const response = await fetch(`${SANDBOX}${path}`, {
    ...init,
    headers: { "x-api-key": await keyOf("owner"), "content-type": "application/json", ...init.headers },
  });
  expect(response.ok, `${init.method ?? "GET"} ${path} answered ${response.status}`).toBe(true);
  return response.json();
}

async function seededSet(name: string): Promise<SetRow> {
  const sets = (await asOwner("/sets?per_page=100")) as SetRow[];
  const set = sets.find((s) => s.name === name);
  if (!set) throw new Error(`the seed has no set named ${name}`);
  return set;
}

/**
 * The seed's paid sets have 18 and 30 members: a set of exactly 25 is made through the
 * service as a user would, from candidates near the Miami set's first comp, then upgraded.
 */
async function paidSetOf25(): Promise<{ set: SetRow; near: { latitude: number; longitude: number } }> {
  const miami = await seededSet("Miami Beach core comps");
  const anchor = ((await asOwner(`/sets/${miami.id}/listings`)) as Members).active[0]!;
  const near = { latitude: anchor.latitude, longitude: anchor.longitude };
  const candidates = (await asOwner(
    `/sets/candidates?latitude=${near.latitude}&longitude=${near.longitude}&radius_km=50&per_page=25`,
  )) as Array<{ listing_id: string }>;
  expect(candidates).toHaveLength(25);
  const set = (await asOwner("/sets", {
    method: "POST",
    body: JSON.stringify({ name: "Calendar of 25", listing_ids: candidates.map((c) => c.listing_id) }),
  })) as SetRow;
  await asOwner(`/sets/${set.id}/upgrade`, { method: "POST" });
  return { set, near };
}

/** Every BFF request the page makes, to prove which paid paths were (not) asked for. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/svc/")) urls.push(url.pathname + url.search);
  });
  return urls;
}

async function openCalendar(page: Page, setId: string) {
  await page.goto(`/sets/${setId}?tab=analytics`);
  const panel = page.getByTestId("set-calendar");
  await expect(panel).toHaveAttribute("data-state", "ready", { timeout: 20_000 });
  return panel;
}

/** The page asks for nights from today (UTC); the column header names each night in full. */
function nightName(offset: number): string {
  const today = new Date(new Date().toISOString().slice(0, 10) + "T00:00:00");
  return format(addDays(today, offset), "EEEE d MMMM yyyy");
}

test("a paid set with exactly 25 active members shows 25 rows, both colourings and every night", async ({
  page,
}) => {
  // Two axe scans of a page holding a thousand grid cells, and a 365-night answer, take time.
  test.setTimeout(90_000);
  const { set } = await paidSetOf25();
  await withSessionOf(page, "owner");
  const panel = await openCalendar(page, set.id);

  const grid = panel.getByRole("grid", { name: /Price calendar/ });
  // The header row, the comps' three figures and 25 members.
  await expect(grid).toHaveAttribute("aria-rowcount", String(1 + FIGURE_LINES + 25));
  await grid.scrollIntoViewIfNeeded();
  await expect(grid).toHaveAttribute("aria-colcount", "91"); // the name column and 90 nights
  await expect(panel.getByTestId("calendar-summary")).toContainText("25 active members × 90 nights");
  await expect(panel.getByText("Hatched: unavailable (booked or blocked)")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The toggle recolours by booking probability, with its own legend.
  await panel.getByRole("radio", { name: "Booking probability" }).click();
  await expect(panel.getByRole("radio", { name: "Booking probability" })).toBeChecked();
  await expect(grid).toHaveAccessibleName(/coloured by booking probability/);
  await expect(panel.getByText("Available (0%)")).toBeVisible();

  // Keyboard: the first night is focusable, End goes to the last night of the row.
  const first = grid.getByRole("gridcell").first();
  await first.focus();
  await expect(panel.getByTestId("night-details")).toContainText(nightName(0));
  await page.keyboard.press("End");
  await expect(grid.getByRole("columnheader", { name: nightName(89) })).toBeInViewport();
  await expect(panel.getByTestId("night-details")).toContainText(nightName(89));
  await expect(panel.getByTestId("night-details")).toContainText(/\$[\d,]+/);

  // The whole year: 365 nights, scrolled to the last one and to the last member.
  await panel.getByLabel(/^Nights/).fill("365");
  await panel.getByRole("button", { name: "Show" }).click();
  await expect(grid).toHaveAttribute("aria-colcount", "366");
  await expect(panel).toHaveAttribute("data-state", "ready");
  // The page scrolls the whole grid into view, then the grid scrolls to its far corner.
  await grid.evaluate((el) => {
    el.scrollIntoView({ block: "end" });
    el.scrollTo(el.scrollWidth, el.scrollHeight);
  });
  await expect(grid.getByRole("columnheader", { name: nightName(364) })).toBeInViewport();
  await expect(grid.locator(`[role="row"][aria-rowindex="${1 + FIGURE_LINES + 25}"]`)).toBeInViewport();
  expect(await seriousViolations(page)).toEqual([]);
});

test("a paid set past 25 memberships is explained and its calendar is never requested", async ({ page }) => {
  const london = await seededSet("London premium watchlist");
  const requests = recordRequests(page);
  await withSessionOf(page, "owner");
  const panel = await openCalendar(page, london.id);

  const note = panel.getByTestId("calendar-blocked");
  await expect(note).toContainText("every membership counts whatever its status");
  await expect(note).toContainText("30 memberships (22 active, 5 suggested, 3 inactive)");
  await expect(note).toContainText("Remove 5 members");
  await expect(panel.getByRole("grid")).toHaveCount(0);
  await expect(panel.getByRole("button", { name: "Show" })).toBeDisabled();
  expect(requests).toContainEqual(expect.stringContaining(`/api/svc/sets/${london.id}/listings`));
  expect(requests.filter((url) => url.includes(`/sets/${london.id}/price_calendar`))).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
});

test("a 422 from the service after the count is explained the same way", async ({ page }) => {
  const { set, near } = await paidSetOf25();
  await withSessionOf(page, "owner");
  const panel = await openCalendar(page, set.id);
  await expect(panel.getByRole("grid")).toHaveAttribute("aria-rowcount", String(1 + FIGURE_LINES + 25));

  // Someone else adds a 26th member (suggested) while the page holds the count of 25.
  const [extra] = (await asOwner(
    `/sets/candidates?latitude=${near.latitude}&longitude=${near.longitude}&radius_km=50&per_page=1&page=26`,
  )) as Array<{ listing_id: string }>;
  await asOwner(`/sets/${set.id}/listings`, {
    method: "PUT",
    body: JSON.stringify({ listing_ids: [extra!.listing_id], status: "suggested" }),
  });

  await panel.getByLabel(/^Nights/).fill("30");
  await panel.getByRole("button", { name: "Show" }).click();
  const note = panel.getByTestId("calendar-blocked");
  await expect(note).toContainText("every membership counts whatever its status");
  await expect(note).toContainText("Remove 1 member");
});

test("my associated listings are pinned above the comps, marked Mine, with their own calendars' prices", async ({
  page,
}) => {
  // An axe scan of a page holding two thousand grid cells takes time on a busy machine.
  test.setTimeout(90_000);
  const miami = await seededSet("Miami Beach core comps");
  const mine = await svcGet<Listing[]>(`/sets/${miami.id}/associated_listings`);
  expect(mine.length).toBeGreaterThan(0);
  const active = ((await asOwner(`/sets/${miami.id}/listings`)) as Members).active;
  const today = new Date().toISOString().slice(0, 10);
  const own = await svcGet<PriceCalendar>(
    `/listings/${mine[0]!.svc_id}/price_calendar?channel=svc&start_date=${today}&end_date=${today}`,
  );
  const price = new Intl.NumberFormat("en", {
    style: "currency",
    currency: own.currency,
    maximumFractionDigits: 0,
  });
  const firstPrice = price.format(own.nights[0]!.price);

  await withSessionOf(page, "owner");
  const panel = await openCalendar(page, miami.id);
  const grid = panel.getByRole("grid", { name: /Price calendar/ });
  // The header row, my listings in the associated listings' order each followed by its
  // difference to the comps' median, the comps' three figures, then every active comp.
  await expect(grid).toHaveAttribute(
    "aria-rowcount",
    String(1 + 2 * mine.length + FIGURE_LINES + active.length),
  );
  await expect(grid).toHaveAccessibleName(new RegExp(`with ${mine.length} of your listings pinned on top`));
  await expect(grid.locator('[role="row"][data-mine]')).toHaveCount(mine.length);
  for (const [i, listing] of mine.entries()) {
    const row = grid.locator(`[role="row"][aria-rowindex="${2 * i + 2}"]`);
    await expect(row).toHaveAttribute("data-mine", "true");
    await expect(row.getByRole("rowheader")).toHaveText(`Mine${listing.name}`);
    const difference = grid.locator(`[role="row"][aria-rowindex="${2 * i + 3}"]`);
    await expect(difference).toHaveAttribute("data-figure", "difference");
  }
  await expect(grid.locator(`[role="row"][aria-rowindex="${2 * mine.length + 2}"]`)).toHaveAttribute(
    "data-figure",
    "median",
  );
  // The first night of my first listing is its own calendar's price, named as mine in words too.
  const cell = grid.locator('[role="row"][aria-rowindex="2"]').getByRole("gridcell").first();
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await expect(cell).toHaveAccessibleName(
    new RegExp(`^${escape(`Mine: ${mine[0]!.name}, ${nightName(0)}: ${firstPrice},`)}`),
  );
  await cell.focus();
  await expect(panel.getByTestId("night-details")).toContainText(mine[0]!.name);
  await expect(panel.getByTestId("night-details")).toContainText(firstPrice);
  expect(await seriousViolations(page)).toEqual([]);
});

/** The median as the test computes it on its own: the middle price, or the mean of the two middle ones. */
function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

test("the comps' median row is the median of the active members' prices, and my difference to it is said", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const miami = await seededSet("Miami Beach core comps");
  const today = new Date().toISOString().slice(0, 10);
  const [mine] = await svcGet<Listing[]>(`/sets/${miami.id}/associated_listings`);
  const active = new Set(
    ((await asOwner(`/sets/${miami.id}/listings`)) as Members).active.map((m) => m.listing_id),
  );
  const calendar = (await asOwner(
    `/sets/${miami.id}/price_calendar?start_date=${today}&end_date=${today}`,
  )) as SetPriceCalendar;
  const prices = calendar.listings
    .filter((l) => active.has(l.listing_id))
    .flatMap((l) => l.nights.filter((n) => n.date === today).map((n) => n.price));
  expect(prices.length).toBeGreaterThan(1);
  const median = medianOf(prices);
  const own = await svcGet<PriceCalendar>(
    `/listings/${mine!.svc_id}/price_calendar?channel=svc&start_date=${today}&end_date=${today}`,
  );
  // Compared only in the set's currency: the seed's listing must be priced in it for this test to mean anything.
  expect(own.currency).toBe(calendar.currency);
  const percent = Math.round(((own.nights[0]!.price - median) / median) * 100) || 0;
  const money = new Intl.NumberFormat("en", {
    style: "currency",
    currency: calendar.currency,
    maximumFractionDigits: 0,
  });
  const words =
    percent === 0
      ? `level with the comps' median of ${money.format(median)}`
      : `${Math.abs(percent)}% ${percent > 0 ? "above" : "below"} the comps' median of ${money.format(median)}`;

  await withSessionOf(page, "owner");
  const panel = await openCalendar(page, miami.id);
  const grid = panel.getByRole("grid", { name: /Price calendar/ });
  const medianCell = grid.locator('[role="row"][data-figure="median"]').getByRole("gridcell").first();
  await expect(medianCell).toHaveAccessibleName(
    `Comps' median, ${nightName(0)}: ${money.format(median)}, of ${prices.length} comps priced`,
  );
  await expect(medianCell).toHaveText(String(Math.round(median)));
  await expect(panel.getByTestId("figure-legend")).toContainText("in % of the median");

  const difference = grid
    .locator('[role="row"][data-figure="difference"]')
    .first()
    .getByRole("gridcell")
    .first();
  await expect(difference).toHaveAccessibleName(
    `Mine: ${mine!.name} against the comps' median, ${nightName(0)}: ${words}`,
  );
  await expect(difference).toHaveText(percent > 0 ? `+${percent}` : String(percent));
  await difference.focus();
  await expect(panel.getByTestId("night-details")).toContainText(`Comps' median: ${money.format(median)}`);

  // Names: the full name on hover, and a name column that is widened by keyboard and kept.
  const comp = calendar.listings.find((l) => active.has(l.listing_id))!;
  await expect(grid.getByRole("rowheader", { name: comp.name, exact: true })).toHaveAttribute(
    "title",
    comp.name,
  );
  const handle = panel.getByRole("separator", { name: "Width of the listing name column" });
  const before = Number(await handle.getAttribute("aria-valuenow"));
  await handle.focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(handle).toHaveAttribute("aria-valuenow", String(before + 40));
  const header = grid.getByRole("rowheader", { name: comp.name, exact: true });
  expect(Math.round((await header.boundingBox())!.width)).toBe(before + 40);
  // Dragged by the pointer as well: 60 px to the left.
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 40);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 30, box.y + 40);
  await page.mouse.move(box.x + box.width / 2 - 60, box.y + 40);
  await page.mouse.up();
  await expect(handle).toHaveAttribute("aria-valuenow", String(before - 20));
  expect(Math.round((await header.boundingBox())!.width)).toBe(before - 20);

  // The fixed price bands, said in the legend, and both choices kept after a reload.
  await panel.getByRole("radio", { name: "Fixed price bands" }).click();
  await expect(panel.getByText(/in fixed bands, the same for every set and every range/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.reload();
  await expect(page.getByTestId("set-calendar")).toHaveAttribute("data-state", "ready", { timeout: 20_000 });
  await expect(page.getByRole("radio", { name: "Fixed price bands" })).toBeChecked();
  await expect(page.getByRole("separator", { name: "Width of the listing name column" })).toHaveAttribute(
    "aria-valuenow",
    String(before - 20),
  );
});
