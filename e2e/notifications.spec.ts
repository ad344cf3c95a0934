import type { Notification, NotificationSetting } from "../lib/svc/schemas/notifications";
import { expect, keyOf, seriousViolations, svcGet, test, withSessionOf } from "./fixtures";
import {
  READ_ONLY_REASON,
  bell,
  eventGroup,
  list,
  notificationsOf,
  openNotifications,
  openSettings,
  panel,
  svcCall,
  undismissedCount,
} from "./notifications-support";
import { advanceClock, flagOwnerListing, openWebhooksPage, signInWithKey } from "./webhooks-support";
import { isoInWords } from "../lib/format/times";

/**
 * Notifications: the bell's count of undismissed ones, its panel, the page (pages, dismissed
 * ones on request, dismiss one, several or all shown) and the delivery settings, against the
 * reference service.
 */
test.describe("the bell", () => {
  test("counts the undismissed notifications and falls when one is dismissed from its panel", async ({
    page,
  }) => {
    const before = await notificationsOf("owner");
    await withSessionOf(page, "owner");
    await page.goto("/api-keys");
    await expect(bell(page)).toHaveAccessibleName(`Notifications, ${before.length} unread`);

    await bell(page).click();
    const open = panel(page);
    await expect(open).toBeVisible();
    await expect(open.getByRole("heading", { name: "Notifications" })).toBeFocused();
    await expect(open).toContainText(`${before.length} not dismissed yet.`);
    // The newest few, newest first, as the service orders them.
    const items = open.getByRole("list", { name: "Newest notifications" }).getByRole("listitem");
    await expect(items).toHaveCount(5);
    await expect(items.first()).toContainText(before[0]!.title);
    await expect(items.first()).toContainText(isoInWords(before[0]!.message));

    await items
      .first()
      .getByRole("button", { name: /^Dismiss/ })
      .click();
    await expect(bell(page)).toHaveAccessibleName(`Notifications, ${before.length - 1} unread`);
    await expect(open).toContainText(`${before.length - 1} not dismissed yet.`);
    // The next one moves up, and focus stays in the panel.
    await expect(items.first()).toContainText(isoInWords(before[1]!.message));
    await expect(open.getByRole("heading", { name: "Notifications" })).toBeFocused();

    const after = await notificationsOf("owner", true);
    expect(after.find((n) => n.id === before[0]!.id)!.dismissed_at).not.toBeNull();
    expect(await undismissedCount("owner")).toBe(before.length - 1);

    // Keyboard: Escape closes the panel and gives focus back to the bell.
    await page.keyboard.press("Escape");
    await expect(open).toBeHidden();
    await expect(bell(page)).toBeFocused();
  });

  test("axe finds nothing serious with the panel open; its link leads to the page", async ({ page }) => {
    await withSessionOf(page, "owner");
    await page.goto("/listings");
    await bell(page).click();
    await expect(panel(page).getByRole("listitem").first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await panel(page).getByRole("link", { name: "See all notifications" }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(panel(page)).toBeHidden();
    await expect(page.getByTestId("notifications")).toHaveAttribute("data-state", "ready");
  });

  test("a live event refreshes the count without a reload or a timer", async ({ page }) => {
    test.setTimeout(60_000);
    await withSessionOf(page, "owner");
    await openWebhooksPage(page);
    const connection = page.getByTestId("dashboard-connection");
    await connection.getByRole("button", { name: "Connect" }).click();
    await expect(connection).toHaveAttribute("data-state", "connected");
    try {
      const count = await undismissedCount("owner");
      await openNotifications(page);
      await expect(bell(page)).toHaveAccessibleName(`Notifications, ${count} unread`);
      await page.evaluate(() => ((window as unknown as { liveMarker: number }).liveMarker = 1));

      // Another account invites the owner to its team: the service notifies the owner...
      const invited = await svcCall("outsider", "POST", "/teams/members/invite", {
        email: "olivia@harthomes.example",
        level: "viewer",
      });
      expect(invited.status).toBe(201);
      expect(await undismissedCount("owner")).toBe(count + 1);
      // ...and nothing on the page asks for it (no polling) until an event arrives.
      await expect(bell(page)).toHaveAccessibleName(`Notifications, ${count} unread`);

      await flagOwnerListing("e2e_live_notifications");
      await advanceClock(301); // past the five-minute batching window: the service delivers
      await expect(page.getByText("A new flag on 1 listing")).toBeVisible({ timeout: 30_000 });
      await expect(bell(page)).toHaveAccessibleName(`Notifications, ${count + 1} unread`);
      await expect(list(page).getByRole("listitem").first()).toContainText("Team invitation");
      expect(await page.evaluate(() => (window as unknown as { liveMarker?: number }).liveMarker)).toBe(1);
    } finally {
      await openWebhooksPage(page);
      await connection.getByRole("button", { name: "Disconnect" }).click();
      await expect(connection).toHaveAttribute("data-state", "not-connected");
    }
  });
});

test.describe("the notifications page", () => {
  test("dismisses one, then several selected; the bell follows without a reload", async ({ page }) => {
    const before = await notificationsOf("owner");
    await withSessionOf(page, "owner");
    await openNotifications(page);
    await expect(page.getByText(`${before.length} notifications not dismissed yet.`)).toBeVisible();
    const rows = list(page).getByRole("listitem");
    await expect(rows).toHaveCount(20);
    await expect(rows.first()).toContainText(before[0]!.title);
    await expect(rows.first().locator("time").first()).toHaveAttribute("datetime", before[0]!.created_at);
    await expect(rows.first()).toContainText(/ago · \d+ \w{3} \d{4}, \d\d:\d\d:\d\d UTC/);

    await rows
      .first()
      .getByRole("button", { name: /^Dismiss/ })
      .click();
    await expect(bell(page)).toHaveAccessibleName(`Notifications, ${before.length - 1} unread`);
    await expect(rows.first()).toContainText(isoInWords(before[1]!.message));

    // Several at once: the ticked ones alone.
    await rows.nth(0).getByRole("checkbox").check();
    await rows.nth(2).getByRole("checkbox").check();
    const toolbar = page.getByRole("group", { name: "Dismiss several" });
    await expect(toolbar).toContainText("2 selected");
    await toolbar.getByRole("button", { name: "Dismiss 2 selected" }).click();
    await expect(bell(page)).toHaveAccessibleName(`Notifications, ${before.length - 3} unread`);
    await expect(page.getByText(`${before.length - 3} notifications not dismissed yet.`)).toBeVisible();
    await expect(toolbar).toContainText("Tick notifications to dismiss several at once.");

    const dismissed = (await notificationsOf("owner", true))
      .filter((n) => n.dismissed_at !== null)
      .map((n) => n.id);
    for (const n of [before[0]!, before[1]!, before[3]!]) expect(dismissed).toContain(n.id);
    expect(dismissed).not.toContain(before[2]!.id);
  });

  test("dismiss all shown empties the page into its empty state and the bell to none", async ({ page }) => {
    const before = await notificationsOf("outsider");
    expect(before.length).toBeLessThanOrEqual(20);
    await withSessionOf(page, "outsider");
    await openNotifications(page);
    await page.getByRole("button", { name: `Dismiss all ${before.length} shown` }).click();
    await expect(page.getByText("You're all caught up.")).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName("Notifications, none unread");
    expect(await undismissedCount("outsider")).toBe(0);

    // The dismissed ones are still there to read, from the empty state's own button.
    await page.getByRole("button", { name: "Show dismissed" }).click();
    await expect(page).toHaveURL(/include_dismissed=true/);
    await expect(list(page).getByRole("listitem").first()).toContainText(/Dismissed (just now|\d+ \w+ ago)/);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("Show dismissed and the page number live in the URL", async ({ page }) => {
    const all = await notificationsOf("owner", true);
    const dismissedOnes = all.filter((n) => n.dismissed_at !== null);
    expect(dismissedOnes.length).toBeGreaterThan(0);
    await withSessionOf(page, "owner");
    await openNotifications(page);
    const toggle = page.getByRole("switch", { name: "Show dismissed" });
    await toggle.click();
    await expect(page).toHaveURL(/include_dismissed=true/);
    await expect(page.getByTestId("notifications")).toHaveAttribute("data-state", "ready");
    await expect(page.getByText(`${all.length} notifications, dismissed ones included.`)).toBeVisible();

    // The seed's dismissed ones are older than two days; the oldest is past the first page:
    // page on to it.
    const index = all.findLastIndex((n) => n.dismissed_at !== null);
    const pageNumber = Math.floor(index / 20) + 1;
    expect(pageNumber).toBeGreaterThan(1);
    for (let p = 1; p < pageNumber; p += 1) {
      await page.getByRole("navigation", { name: "Pages" }).getByRole("button", { name: "Next" }).click();
    }
    await expect(page).toHaveURL(new RegExp(`page=${pageNumber}`));
    await expect(page.getByTestId("notifications")).toHaveAttribute("data-state", "ready");
    const row = list(page)
      .getByRole("listitem")
      .nth(index % 20);
    await expect(row).toContainText(isoInWords(all[index]!.message));
    await expect(row).toContainText("Dismissed");
    await expect(row.getByRole("checkbox")).toBeDisabled();
    await expect(row.getByRole("button", { name: /^Dismiss/ })).toHaveCount(0);

    // A reload keeps the view.
    await page.reload();
    await expect(page.getByTestId("notifications")).toHaveAttribute("data-state", "ready");
    await expect(page.getByRole("switch", { name: "Show dismissed" })).toBeChecked();
    await expect(
      list(page)
        .getByRole("listitem")
        .nth(index % 20),
    ).toContainText(isoInWords(all[index]!.message));
  });

  test("a notification names its listing and links to that listing's workspace", async ({ page }) => {
    const first = (await notificationsOf("owner")).find((n) => n.listing_id !== null)!;
    const listing = await svcGet<{ name: string }>(`/listings/${first.listing_id}?channel=svc`);
    await withSessionOf(page, "owner");
    await openNotifications(page);
    // By its name, read with the portfolio's first page, never "listing 1000034".
    await list(page).getByRole("link", { name: listing.name, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`/listings/${first.listing_id}$`));
    await expect(page.getByRole("heading", { name: listing.name, level: 1 })).toBeVisible();
  });

  test("the list is filtered by type in the URL, each type in words", async ({ page }) => {
    const all = await notificationsOf("owner");
    const flagged = all.filter((n) => n.event === "flags.detected");
    expect(flagged.length).toBeGreaterThan(0);
    await withSessionOf(page, "owner");
    await openNotifications(page);
    await page.getByRole("combobox", { name: "Type" }).selectOption({ label: "Listing flagged" });
    await expect(page).toHaveURL(/type=flags\.detected/);
    await expect(page.getByTestId("notifications")).toHaveAttribute("data-state", "ready");
    await expect(page.getByText(`${flagged.length} “Listing flagged” notification`)).toBeVisible();
    const rows = list(page).getByRole("listitem");
    await expect(rows).toHaveCount(Math.min(flagged.length, 20));
    for (const row of await rows.all()) await expect(row).toContainText("Listing flagged");

    // A reload keeps the filter; "All types" lifts it.
    await page.reload();
    await expect(page.getByRole("combobox", { name: "Type" })).toHaveValue("flags.detected");
    await page.getByRole("combobox", { name: "Type" }).selectOption({ label: "All types" });
    await expect(page).not.toHaveURL(/type=/);
    await expect(page.getByText(`${all.length} notifications not dismissed yet.`)).toBeVisible();
  });

  test("a tab follows its address: the bell's Settings link opens Settings on this page, and the list tab comes back", async ({
    page,
  }) => {
    await withSessionOf(page, "owner");
    await openNotifications(page);
    const settingsTab = page.getByRole("tab", { name: "Settings" });
    const listTab = page.getByRole("tab", { name: "Notifications" });
    await expect(listTab).toHaveAttribute("aria-selected", "true");
    // The same page, a new address: the tabs are not clicked, they follow the URL.
    await bell(page).click();
    await panel(page).getByRole("link", { name: "Settings", exact: true }).click();
    await expect(page).toHaveURL(/tab=settings/);
    await expect(settingsTab).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("notification-settings")).toHaveAttribute("data-state", "ready");
    await expect(page.getByTestId("notifications")).toHaveCount(0);
    await expect(page.getByRole("tabpanel")).toHaveCount(1);
    // From the keyboard (manual activation: arrows move, Enter chooses).
    await settingsTab.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(listTab).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(listTab).toHaveAttribute("aria-selected", "true");
    await expect(page).not.toHaveURL(/tab=settings/);
    await expect(page.getByTestId("notifications")).toHaveAttribute("data-state", "ready");
    await expect(page.getByTestId("notification-settings")).toHaveCount(0);
    await expect(page.getByRole("tabpanel")).toHaveCount(1);
  });

  test("axe finds nothing serious on the list and on the settings", async ({ page }) => {
    await withSessionOf(page, "owner");
    await openNotifications(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("tab", { name: "Settings" }).click();
    await expect(page).toHaveURL(/tab=settings/);
    await expect(page.getByTestId("notification-settings")).toHaveAttribute("data-state", "ready");
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("delivery settings", () => {
  test("one Save sends only the changed switches; the service's answer is the matrix", async ({ page }) => {
    const before = await svcGet<NotificationSetting[]>("/notification_settings");
    await withSessionOf(page, "owner");
    await openSettings(page);
    const flagged = eventGroup(page, "Listing flagged");
    const spike = eventGroup(page, "Demand spike ahead");
    await expect(flagged).toContainText("flags.detected");
    await flagged.getByRole("switch", { name: "Email" }).click();
    await spike.getByRole("switch", { name: "In-app" }).click();
    await expect(page.getByText("2 unsaved changes.")).toBeVisible();

    const put = page.waitForRequest(
      (r) => r.url().endsWith("/api/svc/notification_settings") && r.method() === "PUT",
    );
    await page.getByRole("button", { name: "Save settings" }).click();
    expect((await put).postDataJSON()).toEqual({
      settings: [
        { event: "flags.detected", email: false },
        { event: "market.demand_spike", in_app: false },
      ],
    });
    await expect(page.getByText("Saved. 2 switches changed.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save settings" })).toBeDisabled();

    const after = await svcGet<NotificationSetting[]>("/notification_settings");
    expect(after).toEqual(
      before.map((s) =>
        s.event === "flags.detected"
          ? { ...s, email: false }
          : s.event === "market.demand_spike"
            ? { ...s, in_app: false }
            : s,
      ),
    );
    await page.reload();
    await expect(page.getByTestId("notification-settings")).toHaveAttribute("data-state", "ready");
    await expect(
      eventGroup(page, "Listing flagged").getByRole("switch", { name: "Email" }),
    ).not.toBeChecked();
    await expect(eventGroup(page, "Listing flagged").getByRole("switch", { name: "In-app" })).toBeChecked();
  });

  test("every switch off is said plainly, and the service accepts it", async ({ page }) => {
    await withSessionOf(page, "owner");
    await openSettings(page);
    const on = page.getByTestId("notification-settings").getByRole("switch", { checked: true });
    while ((await on.count()) > 0) await on.first().click();
    await expect(page.getByRole("note").filter({ hasText: "Every switch is off" })).toBeVisible();
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText(/^Saved\./)).toBeVisible();
    const after = await svcGet<NotificationSetting[]>("/notification_settings");
    expect(after.every((s) => !s.in_app && !s.email)).toBe(true);
  });

  test("a refused save keeps the switches as set and says why", async ({ page }) => {
    // An event the service offered when the page read the matrix and no longer knows when it
    // is saved. The read is the real answer with one event added; the save and its 400 are real.
    await page.route("**/api/svc/notification_settings", async (route) => {
      if (route.request().method() !== "GET") return route.fallback();
      const response = await route.fetch();
      const rows = (await response.json()) as NotificationSetting[];
      await route.fulfill({
        response,
        json: [...rows, { event: "reports.weekly", in_app: true, email: false }],
      });
    });
    const before = await svcGet<NotificationSetting[]>("/notification_settings");
    await withSessionOf(page, "owner");
    await openSettings(page);
    // An event the page has no words for is shown by its own name.
    const weekly = eventGroup(page, "reports.weekly");
    await expect(weekly).toContainText("An event this page has no description for.");
    await weekly.getByRole("switch", { name: "Email" }).click();
    await eventGroup(page, "Listing flagged").getByRole("switch", { name: "Email" }).click();
    await page.getByRole("button", { name: "Save settings" }).click();

    await expect(page.getByRole("alert").filter({ hasText: "Nothing was saved" })).toHaveText(
      "Nothing was saved: the service does not offer “reports.weekly” any more. Switch it back, or reload the page for the events it offers now.",
    );
    await expect(weekly.getByRole("switch", { name: "Email" })).toBeChecked();
    await expect(
      eventGroup(page, "Listing flagged").getByRole("switch", { name: "Email" }),
    ).not.toBeChecked();
    await expect(page.getByText("2 unsaved changes.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save settings" })).toBeEnabled();
    expect(await svcGet<NotificationSetting[]>("/notification_settings")).toEqual(before);
  });
});

test("a read-only key: dismissing and saving are disabled with the reason, as the service would refuse", async ({
  page,
}) => {
  // The service's rule, checked directly: a read-only key's dismissal is refused.
  const first = (await notificationsOf("owner"))[0]!;
  const refused = await svcCall("owner", "POST", "/notifications/dismiss", { ids: [first.id] }, "read_only");
  expect(refused.status).toBe(403);
  expect((refused.body as { error: { code: string } }).error.code).toBe("read_only_key");

  await signInWithKey(page, await keyOf("owner", "read_only"));
  await openNotifications(page);
  await expect(page.getByRole("note").filter({ hasText: READ_ONLY_REASON })).toBeVisible();
  const row = list(page).getByRole("listitem").first();
  await expect(row.getByRole("button", { name: /^Dismiss/ })).toBeDisabled();
  await expect(row.getByRole("button", { name: /^Dismiss/ })).toHaveAccessibleDescription(READ_ONLY_REASON);

  await bell(page).click();
  await expect(
    panel(page)
      .getByRole("button", { name: /^Dismiss/ })
      .first(),
  ).toBeDisabled();
  await expect(panel(page)).toContainText(READ_ONLY_REASON);
  await page.keyboard.press("Escape");

  await page.getByRole("tab", { name: "Settings" }).click();
  await expect(page.getByTestId("notification-settings")).toHaveAttribute("data-state", "ready");
  await expect(eventGroup(page, "Listing flagged").getByRole("switch", { name: "Email" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Save settings" })).toBeDisabled();
  const notifications: Notification[] = await notificationsOf("owner");
  expect(notifications[0]!.id).toBe(first.id);
});
