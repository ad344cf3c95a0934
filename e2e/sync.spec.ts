import { expect, keyOf, signInAs, test } from "./fixtures";
import { recordServiceRequests } from "./service-requests";
import { listingOpenSoon, startSyncPair, SYNC_BASE, SYNC_SANDBOX } from "./sync-support";
import { control } from "./webhooks-support";

/**
 * The portfolio mirror as the owner meets it: start the sync, watch it finish, read the
 * Overview's comparison with last year from it with no request per listing, and see a
 * reservation made at the service reach the open page. The pair is this spec's own.
 */
let pair: { stop(): Promise<void> };
test.describe.configure({ mode: "serial", timeout: 120_000 });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  pair = await startSyncPair();
});
test.afterAll(async () => {
  await pair?.stop();
});

test("the owner starts the sync, watches it finish, and the Overview compares with last year with no request per listing", async ({
  page,
}) => {
  await signInAs(page, "owner", SYNC_BASE);
  await page.goto(`${SYNC_BASE}/sync`);
  await expect(page.getByRole("heading", { name: "No mirror yet" })).toBeVisible();
  await page.getByRole("button", { name: "Start the sync" }).click();
  await expect(
    page.getByText("The sync started: your portfolio is being read in the background."),
  ).toBeVisible();
  const mirror = page.getByRole("region", { name: "Portfolio mirror" });
  await expect(mirror.getByRole("progressbar")).toBeVisible();
  await expect(mirror).toHaveAttribute("data-state", "idle", { timeout: 90_000 });
  await expect(mirror.getByText("Synced 34 of 34 listings.")).toBeVisible();
  await expect(mirror.getByText("Up to date")).toBeVisible();
  await expect(page.getByTestId("sync-line")).toHaveText(/^Synced · as of \d\d:\d\d UTC$/);

  const requests = recordServiceRequests(page);
  await page.goto(`${SYNC_BASE}/`);
  const lastYear = page.getByTestId("last-year");
  await expect(lastYear).toHaveAttribute("data-source", "mirror");
  await expect(lastYear.getByText(/^From the portfolio mirror, as of \d\d:\d\d UTC$/)).toBeVisible();
  await expect(lastYear.getByRole("table").first()).toBeVisible();
  // Every listing is covered: no live read is offered, and none was made.
  await expect(lastYear.getByRole("button", { name: /Compare/ })).toHaveCount(0);
  expect(requests.sent.filter((path) => /\/kpis\/monthly/.test(path))).toEqual([]);
});

test("the portfolio calendar's rows come from the mirror, with no request per listing, and say how fresh they are", async ({
  page,
}) => {
  await signInAs(page, "owner", SYNC_BASE);
  const requests = recordServiceRequests(page);
  await page.goto(`${SYNC_BASE}/calendar`);
  await expect(page.getByTestId("rows-from-mirror")).toHaveText(
    /^\d+ rows from the portfolio mirror, as of \d\d:\d\d UTC; a row changed since is read live\.$/,
  );
  await expect(page.getByTestId("row-loading")).toHaveText("");
  expect(requests.sent.filter((path) => path.includes("/price_calendar"))).toEqual([]);
});

test("a reservation made at the service changes the open Overview's figures within seconds", async ({
  page,
}) => {
  await signInAs(page, "owner", SYNC_BASE);
  await page.goto(`${SYNC_BASE}/webhooks`);
  const connection = page.getByTestId("dashboard-connection");
  await connection.getByRole("button", { name: "Connect" }).click();
  await expect(connection).toHaveAttribute("data-state", "connected");

  // A listing with three open nights from two weeks out, within this month or the next: the
  // service's simulated booking lands there, in the months the comparison shows.
  const target = await listingOpenSoon();
  expect(target, "a listing with three open nights in the months compared").not.toBeNull();

  await page.goto(`${SYNC_BASE}/`);
  const tables = page.getByTestId("last-year").getByRole("table");
  await expect(tables.first()).toBeVisible();
  const before = await tables.allInnerTexts();
  await control("simulate", { event: "reservation", listing_id: target, action: "new" }, SYNC_SANDBOX);
  await control("clock", { advance_seconds: 301 }, SYNC_SANDBOX); // the service delivers
  await expect.poll(() => tables.allInnerTexts(), { timeout: 20_000 }).not.toEqual(before);
  await page.goto(`${SYNC_BASE}/sync`);
  await expect(page.getByText("Last webhook event")).toBeVisible();
  await expect(page.getByRole("region", { name: "Portfolio mirror" }).getByText("none yet")).toHaveCount(0);
});

test("a read-only key is stored for when nobody is signed in; a standard key is refused in a sentence", async ({
  page,
}) => {
  await signInAs(page, "owner", SYNC_BASE);
  await page.goto(`${SYNC_BASE}/sync`);
  const section = page.getByRole("region", { name: "While nobody is signed in" });
  const field = section.getByLabel("Read-only API key");
  await field.fill(await keyOf("owner", "standard", SYNC_SANDBOX));
  await section.getByRole("button", { name: "Store the key" }).click();
  await expect(field).toHaveAccessibleDescription(
    "This key can change prices, and the dashboard stores no such key. Create a read-only key on the API keys page and paste that one.",
  );
  const readOnly = await keyOf("owner", "read_only", SYNC_SANDBOX);
  await field.fill(readOnly);
  await section.getByRole("button", { name: "Store the key" }).click();
  await expect(
    section.getByText(`A read-only key ending in ${readOnly.slice(-4)} is stored, sealed`),
  ).toBeVisible();
  // The key never comes back to the page.
  expect(await page.content()).not.toContain(readOnly);
  await section.getByRole("button", { name: "Erase the key" }).click();
  await expect(section.getByLabel("Read-only API key")).toBeVisible();
});

test("Pace: twelve months on the books against the same time last year from the mirror, the CSV's rows the table's, the view in the URL", async ({
  page,
}) => {
  await signInAs(page, "owner", SYNC_BASE);
  const requests = recordServiceRequests(page);
  await page.goto(`${SYNC_BASE}/pace`);
  const pace = page.getByTestId("pace");
  await expect(pace).toHaveAttribute("data-state", "ready");
  await expect(pace.getByTestId("pace-coverage")).toHaveText(
    /^From the portfolio mirror, as of \d+ \w{3} \d{4}, \d\d:\d\d UTC: every listing in view \(\d+\)\. /,
  );
  const table = pace.getByRole("table", { name: /^On the books against the same time last year/ });
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(12);
  // No request per listing: the figures are the mirror's.
  expect(requests.sent.filter((p) => /^\/api\/svc\/listings\/[^/?]+\//.test(p))).toEqual([]);

  // The CSV holds every currency's rows; this currency's are the table's, figure for figure.
  const download = page.waitForEvent("download");
  await pace.getByRole("button", { name: "Download CSV" }).click();
  const csv = await (await (await download).createReadStream()).toArray();
  const [header, ...lines] = Buffer.concat(csv).toString("utf8").trimEnd().split("\r\n");
  expect(header!.split(",").slice(0, 4)).toEqual(["period", "currency", "listings", "otb_nights"]);
  const currency = (await table.locator("caption").innerText()).match(/in ([A-Z]{3})/)![1]!;
  const mine = lines.map((line) => line.split(",")).filter((cells) => cells[1] === currency);
  expect(mine).toHaveLength(12);
  for (const [i, cells] of mine.entries()) {
    const row = rows.nth(i);
    await expect(row).toHaveAttribute("data-period", cells[0]!);
    await expect(row.locator("td").first()).toHaveText(Number(cells[3]).toLocaleString("en-US"));
  }

  // Weeks instead of months, and the pickup window: the URL holds the view.
  await pace.getByRole("radio", { name: "Weeks" }).check();
  await pace.getByRole("radiogroup", { name: "Pickup over" }).getByRole("radio", { name: "30 days" }).check();
  await expect(rows).toHaveCount(13);
  // The chart's figures are the table's, for assistive technology.
  await expect(pace.getByRole("table", { name: "Nights by stay period" }).locator("tbody tr")).toHaveCount(
    13,
  );
  await expect(page).toHaveURL(/unit=week/);
  await expect(page).toHaveURL(/pickup=30/);
  await page.reload();
  await expect(rows).toHaveCount(13);
  await expect(pace.getByRole("columnheader", { name: "Pickup, last 30 days" })).toBeVisible();

  // The market's own figures need one market in view.
  await expect(pace.getByTestId("pace-market-note")).toHaveText(/^Pick one market in the filters/);
  await expect(pace.getByRole("columnheader", { name: "Market occupancy" })).toHaveCount(0);

  // A market narrows the table to its listings; the URL keeps it.
  const whole = Number((await pace.getByTestId("pace-coverage").innerText()).match(/view \((\d+)\)/)![1]);
  await pace.getByRole("combobox", { name: "Market" }).selectOption({ index: 1 });
  await expect(page).toHaveURL(/market=/);
  await expect(pace).toHaveAttribute("data-state", "ready");
  await expect
    .poll(async () =>
      Number((await pace.getByTestId("pace-coverage").innerText()).match(/view \((\d+)\)/)?.[1]),
    )
    .toBeLessThan(whole);
  await expect(rows).toHaveCount(13);
  // Its occupancy and ADR sit beside the portfolio's, named as the market's.
  await expect(pace.getByTestId("pace-market-note")).toHaveText(/^Market columns: /);
  await expect(pace.getByRole("columnheader", { name: "Market occupancy" })).toBeVisible();
  await expect(rows.first().locator("td").nth(7)).toHaveText(/^\d+(\.\d)? %$/);

  // A week's heading opens the listings behind its change: they add up to its nights.
  const row = rows.filter({ has: page.locator("td", { hasText: /^[1-9][\d,]*$/ }) }).first();
  const nights = Number((await row.locator("td").first().innerText()).replace(/,/g, ""));
  await row.getByRole("rowheader").getByRole("button").click();
  const dialog = page.getByRole("dialog", { name: /^Listings behind / });
  const listed = dialog.getByRole("table", { name: /^Listings behind / }).locator("tbody tr");
  await expect(listed.first()).toBeVisible();
  let sum = 0;
  for (const text of await listed.locator("td:nth-of-type(1)").allInnerTexts())
    sum += Number(text.split("\n")[0]!.replace(/,/g, ""));
  expect(sum).toBe(nights);
  await expect(page).toHaveURL(/detail=gap/);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/detail=/);
});

test("Pace: a reservation made at the service moves the open page within seconds, the cells it changed lit up", async ({
  page,
}) => {
  await signInAs(page, "owner", SYNC_BASE);
  await page.goto(`${SYNC_BASE}/webhooks`);
  // Connected already by the Overview's test; connected here if this test runs alone.
  const connection = page.getByTestId("dashboard-connection");
  const connect = connection.getByRole("button", { name: "Connect", exact: true });
  await expect(connect.or(connection.getByRole("button", { name: "Disconnect" }))).toBeVisible();
  if (await connect.isVisible()) await connect.click();
  await expect(connection).toHaveAttribute("data-state", "connected");
  const target = await listingOpenSoon();
  expect(target, "a listing with three open nights this month or next").not.toBeNull();

  await page.goto(`${SYNC_BASE}/pace?pickup=1`);
  const pace = page.getByTestId("pace");
  await expect(pace).toHaveAttribute("data-state", "ready");
  const table = pace.getByRole("table", { name: /^On the books against the same time last year/ });
  const before = await table.locator("tbody").innerText();
  await control("simulate", { event: "reservation", listing_id: target, action: "new" }, SYNC_SANDBOX);
  await control("clock", { advance_seconds: 301 }, SYNC_SANDBOX); // the service delivers
  await expect.poll(() => table.locator("tbody").innerText(), { timeout: 20_000 }).not.toEqual(before);
  await expect(table.locator("td.bg-amber-100").first()).toBeVisible();
  // The day's pickup names the new booking; its reservations are a click away.
  const picked = table.getByRole("button", { name: /the reservations picked up in the window$/ }).first();
  await picked.click();
  const dialog = page.getByRole("dialog", { name: /^Picked up for / });
  await expect(
    dialog.getByRole("table", { name: "Reservations booked or cancelled in the window" }).locator("tbody tr"),
  ).not.toHaveCount(0);
});

test("at 1,500 listings the Listings page shows every listing from the mirror with as of; a revoked key stops the sync with a sentence", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // A key of the manager's own, made for this test, so that revoking it spoils no other.
  const personaKey = await keyOf("portfolio_manager", "standard", SYNC_SANDBOX);
  const created = await fetch(`${SYNC_SANDBOX}/api_keys`, {
    method: "POST",
    headers: { "x-api-key": personaKey, "content-type": "application/json" },
    body: JSON.stringify({ name: "Sync e2e" }),
  });
  const { key, token_id } = (await created.json()) as { key: string; token_id: string };
  await page.goto(`${SYNC_BASE}/sign-in`);
  await page.getByLabel("API key").fill(key);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/");

  await page.goto(`${SYNC_BASE}/sync`);
  await page.getByRole("button", { name: "Start the sync" }).click();
  const mirror = page.getByRole("region", { name: "Portfolio mirror" });
  await expect(mirror.getByText(/^Synced [\d,]+ of 1,500 listings[.;]/)).toBeVisible({ timeout: 60_000 });

  const requests = recordServiceRequests(page);
  await page.goto(`${SYNC_BASE}/listings`);
  const portfolio = page.getByTestId("portfolio");
  await expect(portfolio).toHaveAttribute("data-portfolio-mode", "mirror");
  const bar = page.getByRole("region", { name: "Listings from the portfolio mirror" });
  await expect(
    bar.getByText(
      /^All 1,500 listings, from the portfolio mirror as of \d\d:\d\d UTC \(100 read from the service on this visit\): sorting, selecting and the CSV cover them all, for no request per page\.$/,
    ),
  ).toBeVisible();
  // Every listing is in hand: the visible ones counted, hidden ones filtered as the service's answer is.
  await expect(portfolio.getByText(/^1,\d{3} listings · \d+ hidden not shown$/)).toBeVisible();
  // One service page of listings, read live (the owner picker names owners, a request each);
  // the KPI figures only when asked for.
  expect(requests.sent.filter((p) => /^\/api\/svc\/listings\?(.*&)?page=/.test(p))).toHaveLength(1);
  expect(requests.sent.filter((p) => p.startsWith("/api/svc/listings/kpis"))).toEqual([]);
  await expect(portfolio).toHaveAttribute("data-kpi-state", "unread");
  // The whole list exports already, without the KPI figures the mirror does not hold.
  await expect(
    portfolio.getByText(
      /^The CSV holds all 1,\d{3} listings these filters show, on every page, in the table's order, without KPI figures until they are read\.$/,
    ),
  ).toBeVisible();
  await expect(portfolio.getByRole("button", { name: /Download CSV/ })).toBeEnabled();
  await bar.getByRole("button", { name: "Read the KPI figures" }).click();
  await expect(portfolio).toHaveAttribute("data-kpi-state", "ready", { timeout: 30_000 });
  expect(requests.sent.filter((p) => p.startsWith("/api/svc/listings/kpis")).length).toBe(15);

  // The Overview's pulse and comparison with last year come from the mirror too, for the
  // listings it covers so far, with no request per listing.
  requests.clear();
  await page.goto(`${SYNC_BASE}/`);
  const pulse = page.getByTestId("pulse");
  await expect(pulse.getByTestId("pulse-from-mirror")).toHaveText(
    /^From the portfolio mirror, as of \d\d:\d\d UTC: [\d,]+ of 1,\d{3} listings so far\. Revenue is the nightly rate booked, fees and taxes excluded\.$/,
  );
  await expect(pulse.getByTestId("last-year")).toHaveAttribute("data-source", "mirror");
  // No request per listing, and no ranking read page after page to add the portfolio up.
  expect(requests.sent.filter((p) => /^\/api\/svc\/listings\/[^/?]+\//.test(p))).toEqual([]);
  expect(requests.sent.filter((p) => /[?&]page=2\b/.test(p))).toEqual([]);

  // Pace too: twelve months from the listings covered so far, said so, no request per listing.
  requests.clear();
  await page.goto(`${SYNC_BASE}/pace`);
  const pace = page.getByTestId("pace");
  await expect(pace).toHaveAttribute("data-state", "ready");
  await expect(pace.getByTestId("pace-coverage")).toHaveText(
    /^From the portfolio mirror, as of .+ UTC: ([\d,]+ of 1,\d{3} listings in view so far; the others are counted nowhere until the sync reads them|every listing in view \(1,\d{3}\))\. /,
  );
  await expect(
    pace.getByRole("table", { name: /^On the books against the same time last year/ }).locator("tbody tr"),
  ).toHaveCount(12);
  expect(requests.sent.filter((p) => /^\/api\/svc\/listings\/[^/?]+\//.test(p))).toEqual([]);

  // The key the sync reads with is revoked at the service: its next request stops the sync.
  const revoked = await fetch(`${SYNC_SANDBOX}/api_keys/${token_id}`, {
    method: "DELETE",
    headers: { "x-api-key": personaKey },
  });
  expect(revoked.status).toBe(200);
  const other = await browser.newPage();
  await signInAs(other, "portfolio_manager", SYNC_BASE, { ownSession: true });
  await other.goto(`${SYNC_BASE}/sync`);
  const stopped = other.getByRole("region", { name: "Portfolio mirror" });
  await expect(stopped).toHaveAttribute("data-state", "failed", { timeout: 30_000 });
  await expect(
    stopped.getByText(
      "The pricing service refused the API key the sync was reading with (revoked or expired). Sign in with a valid key and start the sync again.",
    ),
  ).toBeVisible();
  await other.getByRole("button", { name: "Forget the mirror" }).click();
  await other.getByRole("alertdialog").getByRole("button", { name: "Forget the mirror" }).click();
  await expect(other.getByRole("heading", { name: "No mirror yet" })).toBeVisible();
  await other.close();
});

test("signing out everywhere ends the key's other sessions and erases the account's mirror", async ({
  page,
  browser,
}) => {
  await signInAs(page, "owner", SYNC_BASE, { ownSession: true });
  await page.goto(`${SYNC_BASE}/sync`);
  await expect(page.getByRole("region", { name: "Portfolio mirror" })).toBeVisible();
  const elsewhere = await browser.newPage();
  await signInAs(elsewhere, "owner", SYNC_BASE, { ownSession: true });

  await page.goto(`${SYNC_BASE}/api-keys`);
  const section = page.getByRole("region", { name: "Sign out everywhere" });
  await section.getByRole("button", { name: "Sign out everywhere" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Sign out everywhere?" });
  await confirm.getByRole("button", { name: "Sign out everywhere" }).click();
  await page.waitForURL((url) => url.pathname === "/sign-in");

  // The other browser's session of the same key has ended too: its open page is sent to sign in.
  await elsewhere.waitForURL((url) => url.pathname === "/sign-in");
  await elsewhere.close();
  await signInAs(page, "owner", SYNC_BASE, { ownSession: true });
  await page.goto(`${SYNC_BASE}/sync`);
  await expect(page.getByRole("heading", { name: "No mirror yet" })).toBeVisible();
});
