import type { MembersByStatus } from "../lib/svc/schemas/sets";
import type { TeamMember } from "../lib/svc/schemas/team";
import { inWords } from "../lib/display/open-values";
import { onUnknownChannel, PENDING_MEMBERS, UNKNOWN } from "../test-support/drift-transforms";
import {
  deliverUnknownEvent,
  DRIFT_SANDBOX,
  expect,
  expectListingsPage,
  expectReservations,
  group,
  inboxCount,
  noNotices,
  NOT_LOADED,
  openReady,
  portfolio,
  sandboxControl,
  setNamed,
  test,
  truth,
} from "./drift-support";

/**
 * The dashboard against a service that differs from ours where the interface is silent
 * (test-support/drift-proxy.ts): one class of difference per walk, every page it touches.
 * Each page must render whole: no part that failed to load, no row set aside, the raw value
 * shown in words, and the figures the reference service itself answers.
 */

// Each walk opens several pages, each read through the proxy.
test.describe.configure({ timeout: 60_000 });

test("unknown values: listings, a listing's reservations and tier, a set's members, in words", async ({
  page,
  drift,
  mode,
  problems,
}) => {
  mode("unknown-enums");
  const visible = await expectListingsPage(page, drift.ownerKey);
  await expect(page.getByText(/^Expedia #/).first()).toBeVisible();
  await expect(page.getByText("Co host", { exact: true }).first()).toBeVisible();
  await noNotices(page);

  const listing = visible.find((l) => l.is_active && onUnknownChannel(l.svc_id))!;
  await expectReservations(page, listing.svc_id);
  await expect(page.getByTestId("reservations").getByText(UNKNOWN.reservationStatus).first()).toBeVisible();
  await expect(page.getByTestId("pricing-tier")).toContainText(UNKNOWN.pricingTier);
  await noNotices(page);

  const set = await setNamed(drift.ownerKey, "Miami Beach core comps");
  const members = await truth<MembersByStatus>(drift.ownerKey, `/sets/${set.id}/listings`);
  await openReady(page, `/sets/${set.id}`, ["members"]);
  await expect(group(page, "Active", members.active.length - PENDING_MEMBERS)).toBeVisible();
  await expect(group(page, "Pending", PENDING_MEMBERS)).toBeVisible();
  await noNotices(page);
  expect(problems).toEqual([]);
});

test("Team, Usage and Webhooks: unknown values as they came, extra fields at every level", async ({
  page,
  drift,
  mode,
  problems,
}) => {
  const team = await truth<TeamMember[]>(drift.ownerKey, "/teams/members");
  const myTeam = page.getByRole("table", { name: "My team" });
  const endpoints = page.getByRole("region", { name: "By endpoint", exact: true });
  mode("unknown-enums");
  await openReady(page, "/team", ["team-members", "team-memberships"]);
  await expect(myTeam.locator("tbody tr")).toHaveCount(team.length);
  await expect(myTeam.getByText(inWords(UNKNOWN.teamStatus), { exact: true })).toBeVisible();
  await openReady(page, "/usage", ["usage-report"]);
  await expect(endpoints).toHaveAttribute("data-state", "ready");
  await expect(endpoints.getByText(UNKNOWN.usageMethod).first()).toBeVisible();
  await noNotices(page);

  mode("extra-fields");
  await openReady(page, "/team", ["team-members", "team-memberships"]);
  await expect(myTeam.locator("tbody tr")).toHaveCount(team.length);
  await openReady(page, "/usage", ["usage-report"]);
  await expect(endpoints).toHaveAttribute("data-state", "ready");
  await openReady(page, "/webhooks", ["webhooks"]);
  await noNotices(page);
  expect(problems).toEqual([]);
});

test("extra fields at every level: listings, the Overview, a set's members and its calendar", async ({
  page,
  drift,
  mode,
  problems,
}) => {
  mode("extra-fields");
  await expectListingsPage(page, drift.ownerKey);
  await openReady(page, "/", ["pulse", "attention", "events", "recent", "overview-notifications"]);
  const set = await setNamed(drift.ownerKey, "Miami Beach core comps");
  const members = await truth<MembersByStatus>(drift.ownerKey, `/sets/${set.id}/listings`);
  await openReady(page, `/sets/${set.id}`, ["members"]);
  await expect(group(page, "Active", members.active.length)).toBeVisible();
  // The paid set's price calendar: an extra field on every night too.
  await openReady(page, `/sets/${set.id}?tab=analytics`, ["set-calendar"], 20_000);
  await expect(page.getByTestId("calendar-summary")).toContainText(`${members.active.length} active members`);
  await noNotices(page);
  expect(problems).toEqual([]);
});

test("optional fields left out: listings and reservations are all shown", async ({
  page,
  drift,
  mode,
  problems,
}) => {
  mode("missing-optional");
  const visible = await expectListingsPage(page, drift.ownerKey);
  await noNotices(page);
  await expectReservations(page, visible.find((l) => l.is_active)!.svc_id);
  await noNotices(page);
  expect(problems).toEqual([]);
});

test("numbers as numeric strings: listings, the Overview, the calendar and a workspace", async ({
  page,
  drift,
  mode,
  problems,
}) => {
  mode("numeric-strings");
  // A figure read as text would show as NaN, or not at all.
  const noNaN = () => expect(page.getByText(/\bNaN\b/)).toHaveCount(0);
  const visible = await expectListingsPage(page, drift.ownerKey);
  await noNaN();
  await openReady(page, "/", ["pulse", "attention", "events", "recent", "overview-notifications"]);
  await noNaN();
  await page.goto("/calendar");
  await expect(
    page.getByRole("grid", { name: `Portfolio calendar: ${visible.length} listings`, exact: false }),
  ).toBeVisible();
  const grid = page.getByRole("grid", { name: /^Portfolio calendar/ });
  await expect(grid.locator('[role="row"][aria-rowindex="2"]')).toHaveAttribute("data-row-state", "ready");
  await expectReservations(page, visible.find((l) => l.is_active)!.svc_id);
  await noNaN();
  await expect(page.getByText(NOT_LOADED)).toHaveCount(0);
  await noNotices(page);
  expect(problems).toEqual([]);
});

test("error bodies of other shapes: the service's own sentence is shown", async ({ page, drift, mode }) => {
  // The reference service refuses a public http endpoint; its sentence, as {"detail": "…"}, then as text.
  const refusal =
    "The endpoint must use https (plain http is accepted only to a loopback host by the reference service).";
  await openReady(page, "/webhooks", ["webhooks"]);
  const dialog = page.getByRole("dialog", { name: "Add a webhook subscription" });
  for (const shape of ["error-detail", "error-text"] as const) {
    mode(shape);
    await page.getByRole("button", { name: "Add subscription" }).click();
    await dialog.getByLabel("Endpoint URL").fill("http://example.com/hooks");
    await dialog.getByRole("checkbox", { name: /Flags detected/ }).check();
    await dialog.getByRole("button", { name: "Add subscription" }).click();
    await expect(dialog.getByText(refusal), shape).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  }

  // A read refused in the service's words, on a page that shows it: the Team page.
  const message = "Team management is not part of this account's plan.";
  drift.proxy.force({ method: "GET", path: "/teams/members", status: 403, message });
  await page.goto("/team");
  await expect(page.getByTestId("team-members")).toContainText(message);

  // A 404 read from plain text is still a 404: the workspace says the listing is not there.
  await page.goto("/listings/9999999");
  await expect(page.getByRole("heading", { name: "Listing not found", level: 1 })).toBeVisible();
});

test("pages of at most 20 rows, with and without a count: every listing is read", async ({
  page,
  drift,
  mode,
  problems,
}) => {
  const { all, visible, hidden } = await portfolio(drift.ownerKey);
  for (const paging of ["small-pages", "small-pages-no-count"] as const) {
    mode(paging);
    // More listings than one service page: shown a page at a time, until all are read.
    await openReady(page, "/listings", ["portfolio"]);
    const of = paging === "small-pages" ? String(all.length) : "more";
    await expect(page.getByText(new RegExp(`^Listings 1–20 of ${of}\\b`))).toBeVisible();
    await page.getByRole("button", { name: /^Read all/ }).click();
    await expect(
      page.getByText(`${visible.length} listings · ${hidden.length} hidden not shown`),
    ).toBeVisible();
  }

  mode("small-pages");
  await page.goto("/calendar");
  const calendar = page.getByTestId("portfolio-calendar");
  const grid = page.getByRole("grid", { name: /^Portfolio calendar/ });
  // Scrolled to the end, the calendar reads the service's later pages: one row per listing.
  await expect(async () => {
    await grid.evaluate((el) => el.scrollTo(0, el.scrollHeight), undefined, { timeout: 1_000 });
    await expect(calendar).toHaveAttribute("data-rows", String(visible.length), { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(grid).toHaveAccessibleName(new RegExp(`^Portfolio calendar: ${visible.length} listings`));
  await noNotices(page);
  expect(problems).toEqual([]);
});

test("a service clock an hour ahead or a minute behind: the budget's reset is read on ours", async ({
  page,
  drift,
  mode,
  problems,
}) => {
  for (const clock of ["clock-ahead", "clock-behind"] as const) {
    mode(clock);
    await openReady(page, "/team", ["team-members"]);
    // The meter's reset against the reference service's own, read straight after: the same
    // window of the same key. Read again after a reload when the two straddle the window's end.
    let attempt = 0;
    await expect(async () => {
      if (attempt++ > 0) await page.reload();
      const time = page.getByText(/^Resets at/).locator("time");
      const shown = Date.parse((await time.getAttribute("datetime", { timeout: 5_000 }))!);
      const answer = await fetch(`${DRIFT_SANDBOX}/teams/members`, {
        headers: { "x-api-key": drift.ownerKey },
      });
      const stated = Number(answer.headers.get("x-ratelimit-reset")) * 1000;
      expect(Math.abs(shown - stated), clock).toBeLessThanOrEqual(2_000);
    }).toPass({ timeout: 10_000 });
  }
  expect(problems).toEqual([]);
});

test("webhooks: unknown statuses shown in words, an unknown event type received and ignored", async ({
  page,
  drift,
  mode,
  problems,
}) => {
  // The dashboard's own receiver, connected through the proxy, which sees the secret go by.
  await openReady(page, "/webhooks", ["webhooks"]);
  const panel = page.getByTestId("dashboard-connection");
  await panel.getByRole("button", { name: "Connect" }).click();
  await expect(panel).toHaveAttribute("data-state", "connected");
  const { url, secret } = drift.proxy.secrets.at(-1)!;
  const delivered = await deliverUnknownEvent(url, secret);
  expect(delivered.status).toBeLessThan(300);
  await page.goto("/webhooks/inbox");
  const row = page.getByRole("row").filter({ hasText: "payouts.created" });
  await expect(row).toContainText("A type this dashboard does not know");
  await expect(row).toContainText(/ignored/i);

  // A delivery of the service's own: a listing gains a flag, and its five-minute batch closes.
  await sandboxControl("simulate", { event: "flag", listing_id: "1000001", code: "e2e_drift" });
  await sandboxControl("clock", { advance_seconds: 301 });
  await expect.poll(() => inboxCount(page), { timeout: 15_000 }).toBe(2);

  mode("unknown-enums");
  await openReady(page, "/webhooks", ["webhooks"]);
  const card = page.getByRole("article", { name: url, exact: true });
  await expect(card).toContainText(inWords(UNKNOWN.subscriptionStatus));
  await card.getByRole("button", { name: /Show deliveries/ }).click();
  await expect(card.getByRole("table")).toContainText(inWords(UNKNOWN.deliveryStatus.succeeded!));
  await noNotices(page);
  expect(problems).toEqual([]);
});

test("GET /api/ready lists the differences seen: endpoints and fields, no values", async ({
  page,
  drift,
  mode,
}) => {
  const [first] = (await portfolio(drift.ownerKey)).all;
  mode("unknown-enums");
  expect((await page.request.get("/api/svc/listings?per_page=100")).ok()).toBe(true);
  mode("extra-fields");
  expect((await page.request.get("/api/svc/listings?per_page=100")).ok()).toBe(true);
  mode("numeric-strings");
  expect((await page.request.get("/api/svc/listings?per_page=100")).ok()).toBe(true);
  type Seen = { endpoint: string; field: string; kind: string; detail: string };
  await expect
    .poll(async () => {
      const ready = (await (await page.request.get("/api/ready")).json()) as { differences: Seen[] };
      return ready.differences
        .filter((d) => d.endpoint === "GET /listings")
        .map((d) => `${d.kind}: ${d.field}`);
    })
    .toEqual(
      expect.arrayContaining([
        "not as ours: [].channel",
        "not as ours: [].access_level",
        "extra field: [].x_new",
        "extra field: [].owner_user.x_new",
        "numeric string: [].latitude",
      ]),
    );
  const text = await (await page.request.get("/api/ready")).text();
  for (const value of [UNKNOWN.channel, UNKNOWN.accessLevel, String(first!.latitude), first!.name]) {
    expect(text).not.toContain(value);
  }
});
