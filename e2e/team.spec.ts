import type { Page } from "@playwright/test";
import { expect, keyOf, seriousViolations, test, withSessionOf } from "./fixtures";
import {
  listingsOwnedBy,
  memberByEmail,
  memberRow,
  membersOf,
  membershipsOf,
  myTeam,
  openTeamPage,
  personaRecord,
  rankingOwnedBy,
  recordServerErrors,
  recordServiceRequests,
  segmentsOf,
} from "./team-support";
import { signInWithKey } from "./webhooks-support";

const READ_ONLY_REASON =
  "Your session uses a read-only API key, which cannot change your team or your memberships. Sign in with a standard key to make changes.";

async function inviteThroughDialog(page: Page, email: string, level: string) {
  await page.getByRole("button", { name: "Invite someone" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite someone to your team" });
  await dialog.getByLabel("Email address").fill(email);
  await dialog.getByRole("radio", { name: level, exact: true }).check();
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  return dialog;
}

test.describe("team: my team", () => {
  test("the owner sees each member with level and status in words, the level on listings added later and segments by name", async ({
    page,
  }) => {
    const [members, segments] = await Promise.all([membersOf(), segmentsOf()]);
    await withSessionOf(page, "owner");
    await openTeamPage(page);

    await expect(myTeam(page).getByRole("row")).toHaveCount(members.length + 1);
    await expect(page.getByText(`${members.length} members.`)).toBeVisible();
    const restricted = members.find((m) => m.level === "restricted_editor")!;
    const row = memberRow(page, restricted.email);
    await expect(row).toContainText(`${restricted.first_name} ${restricted.last_name}`);
    await expect(row).toContainText("Restricted editor");
    await expect(row).toContainText(
      "Can change each listing's own preferences, but not its tags or batch preferences.",
    );
    await expect(row).toContainText("Active");
    // Seeded with no auto-managed level, and one segment, named.
    expect(restricted.auto_managed_listing_level).toBeNull();
    await expect(row).toContainText("Gets no access to listings you add later");
    const segment = segments.find((s) => s.id === restricted.assigned_segment_ids[0])!;
    await expect(row).toContainText(segment.name);

    const manager = members.find((m) => m.level === "manager")!;
    const managerRow = memberRow(page, manager.email);
    await expect(managerRow).toContainText("Manages the listings for their owner");
    expect(manager.auto_managed_listing_level).toBe("manager");
  });

  test("the owner invites x@example.com as viewer, assigns two segments, changes the auto-managed level, then removes them", async ({
    page,
  }) => {
    const segments = await segmentsOf();
    expect(segments.length).toBeGreaterThanOrEqual(2);
    const [first, second] = segments;
    await withSessionOf(page, "owner");
    await openTeamPage(page);

    // Invite.
    const dialog = await inviteThroughDialog(page, "x@example.com", "Viewer");
    await expect(dialog).toHaveCount(0);
    const row = memberRow(page, "x@example.com");
    await expect(row).toContainText("Invited");
    await expect(row).toContainText("Viewer");
    const invited = await memberByEmail("x@example.com");
    expect(invited).toMatchObject({ level: "viewer", status: "invited", assigned_segment_ids: [] });

    // Two segments, chosen with the keyboard-reachable checkboxes.
    await row.getByRole("button", { name: "Assign segments to x@example.com" }).click();
    const segmentsDialog = page.getByRole("dialog", { name: "Segments for x@example.com" });
    await segmentsDialog.getByRole("checkbox", { name: first!.name }).check();
    await segmentsDialog.getByRole("checkbox", { name: second!.name }).check();
    await segmentsDialog.getByRole("button", { name: "Save segments" }).click();
    await expect(segmentsDialog).toHaveCount(0);
    await expect(row).toContainText(first!.name);
    await expect(row).toContainText(second!.name);
    expect((await memberByEmail("x@example.com"))!.assigned_segment_ids).toEqual([first!.id, second!.id]);

    // The level on listings added later.
    await row
      .getByRole("button", { name: "Change the level x@example.com gets on listings you add later" })
      .click();
    const levelDialog = page.getByRole("dialog", { name: "Listings you add later: x@example.com" });
    await expect(levelDialog.getByRole("radio", { name: "None" })).toBeChecked();
    await levelDialog.getByRole("radio", { name: "Editor", exact: true }).check();
    await levelDialog.getByRole("button", { name: "Save level" }).click();
    await expect(levelDialog).toHaveCount(0);
    await expect(row).toContainText("Can change the listings' prices, settings and tags");
    expect((await memberByEmail("x@example.com"))!.auto_managed_listing_level).toBe("editor");

    // An empty choice clears the segments.
    await row.getByRole("button", { name: "Assign segments to x@example.com" }).click();
    await segmentsDialog.getByRole("checkbox", { name: first!.name }).uncheck();
    await segmentsDialog.getByRole("checkbox", { name: second!.name }).uncheck();
    await segmentsDialog.getByRole("button", { name: "Save segments" }).click();
    await expect(segmentsDialog).toHaveCount(0);
    expect((await memberByEmail("x@example.com"))!.assigned_segment_ids).toEqual([]);

    // Remove, after a confirmation that says what it means.
    await row.getByRole("button", { name: "Remove x@example.com" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Withdraw the invitation to x@example.com?" });
    await expect(confirm).toContainText("They have not accepted, so they hold no access yet");
    await confirm.getByRole("button", { name: "Withdraw invitation" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(row).toHaveCount(0);
    expect(await memberByEmail("x@example.com")).toBeUndefined();
  });
});

test.describe("team: bad input", () => {
  test("an invite with an invalid email, an unknown level, a member, or yourself says why in place and keeps the form", async ({
    page,
  }) => {
    const [owner, manager] = await Promise.all([personaRecord("owner"), personaRecord("manager")]);
    await withSessionOf(page, "owner");
    await openTeamPage(page);
    const sent = recordServiceRequests(page);
    const failed = recordServerErrors(page);
    const before = await membersOf();

    const dialog = await inviteThroughDialog(page, "x@example", "Viewer");
    const email = dialog.getByLabel("Email address");
    await expect(dialog.getByText("Give a valid email address, like name@example.com.")).toBeVisible();
    await expect(email).toHaveValue("x@example");
    await expect(email).toHaveAttribute("aria-invalid", "true");

    // A level that does not exist (a tampered form): refused before it is sent.
    await email.fill("new.person@example.com");
    // A tampered (or outdated) form: the Manager choice now sends "owner", whatever React re-renders.
    const tampered = dialog.getByRole("radio", { name: "Manager", exact: true });
    await tampered.evaluate((radio) => {
      Object.defineProperty(radio, "value", { get: () => "owner", set: () => {} });
    });
    await tampered.check();
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(
      dialog.getByText("Choose one of the levels: manager, editor, restricted editor or viewer."),
    ).toBeVisible();
    await expect(email).toHaveValue("new.person@example.com");
    expect(sent.filter((r) => r.startsWith("POST"))).toEqual([]);
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // Someone already in the team.
    const again = await inviteThroughDialog(page, manager.email, "Viewer");
    await expect(again.getByText(`${manager.email} is already in your team and has accepted.`)).toBeVisible();
    await expect(again.getByLabel("Email address")).toHaveValue(manager.email);

    // Yourself.
    await again.getByLabel("Email address").fill(owner.email);
    await again.getByRole("button", { name: "Send invitation" }).click();
    await expect(
      again.getByText("That is your own address: you own this team. Invite someone else."),
    ).toBeVisible();
    await expect(again.getByLabel("Email address")).toHaveValue(owner.email);

    expect(failed).toEqual([]);
    expect(await membersOf()).toEqual(before);
  });
});

test.describe("team: portfolio switcher", () => {
  test("the manager switches to the owner's portfolio: the table and the ranking narrow to what the service answers", async ({
    page,
  }) => {
    const owner = await personaRecord("owner");
    const [theirs, ranking] = await Promise.all([
      listingsOwnedBy(owner.user_id, "manager"),
      rankingOwnedBy(owner.user_id, "manager"),
    ]);
    const visible = theirs.filter((l) => !l.is_hidden);
    const hidden = theirs.length - visible.length;
    await withSessionOf(page, "manager");
    await page.goto("/listings");
    await expect(page.getByTestId("portfolio")).toHaveAttribute("data-state", "ready");

    const switcher = page.getByRole("combobox", { name: "Portfolio" });
    await expect(switcher).toHaveAccessibleDescription("Narrows what you see; grants no access.");
    await expect(switcher.getByRole("option")).toHaveText(["My listings", "Olivia Hart's listings"]);
    await expect(page.getByText(/^\d+ listings/)).not.toHaveText(new RegExp(`^${visible.length} listings`));

    await switcher.selectOption({ label: "Olivia Hart's listings" });
    await expect(page).toHaveURL(new RegExp(`owner=${owner.user_id}`));
    await expect(page.getByTestId("portfolio")).toHaveAttribute("data-state", "ready");
    await expect(page.getByText(`${visible.length} listings · ${hidden} hidden not shown`)).toBeVisible();
    const owners = page.getByRole("table").first().getByRole("cell", { name: "Olivia Hart", exact: true });
    await expect(owners).toHaveCount(Math.min(25, visible.length));

    // The ranking: the same listings in the service's own order for this owner.
    const names = new Map(visible.map((l) => [l.svc_id, l.name]));
    const expected = ranking
      .filter((row) => names.has(row.listing_id))
      .map((row) => names.get(row.listing_id));
    await page.getByRole("radio", { name: "Ranking" }).click();
    const ranked = page.getByRole("table", { name: /^Listings ranked by revenue/ });
    await expect(ranked.getByRole("link")).toHaveText(expected as string[]);

    // Opening a listing and coming back keeps the portfolio.
    await ranked.getByRole("link").first().click();
    await expect(page).toHaveURL(new RegExp(`/listings/\\d+\\?owner=${owner.user_id}`));
    await expect(page.getByRole("combobox", { name: "Portfolio" })).toHaveValue(owner.user_id);
    await page
      .getByRole("navigation", { name: "Breadcrumb" })
      .getByRole("link", { name: "Listings" })
      .click();
    await expect(page).toHaveURL(new RegExp(`/listings\\?owner=${owner.user_id}$`));
    await expect(page.getByText(`${visible.length} listings · ${hidden} hidden not shown`)).toBeVisible();

    // Back to my listings: the narrowing goes.
    await page.getByRole("combobox", { name: "Portfolio" }).selectOption({ label: "My listings" });
    await expect(page).not.toHaveURL(/owner=/);
  });

  test("someone in no other team sees no switcher", async ({ page }) => {
    for (const persona of ["owner", "outsider"] as const) {
      await page.context().clearCookies();
      await withSessionOf(page, persona);
      await page.goto("/listings");
      await expect(page.getByTestId("portfolio")).toHaveAttribute("data-state", "ready");
      expect(await membershipsOf(persona)).toEqual([]);
      await expect(page.getByRole("combobox", { name: "Portfolio" })).toHaveCount(0);
    }
  });
});

test.describe("team: what a key may not do", () => {
  test("with the owner's read-only key every team action is disabled and the page says why", async ({
    page,
  }) => {
    await signInWithKey(page, await keyOf("owner", "read_only"));
    await openTeamPage(page);
    await expect(page.getByRole("note").filter({ hasText: READ_ONLY_REASON })).toBeVisible();
    await expect(page.getByRole("button", { name: "Invite someone" })).toBeDisabled();
    const buttons = myTeam(page).getByRole("button", {
      name: /^(Remove|Assign segments|Change the level|Refresh auto-managed)/,
    });
    await expect(buttons).toHaveCount(4 * 4);
    for (const button of await buttons.all()) {
      await expect(button).toBeDisabled();
      await expect(button).toHaveAccessibleDescription(READ_ONLY_REASON);
    }
    // The reason is reachable by keyboard too: the wrapper takes focus and shows it.
    await page.getByRole("button", { name: "Invite someone" }).locator("..").focus();
    await expect(page.getByRole("tooltip")).toContainText("read-only API key");
  });
});

test.describe("team: accessibility", () => {
  test("axe finds no serious or critical violation on the team page, its dialogs, and the switcher", async ({
    page,
  }) => {
    // Five axe passes (page, three dialogs, the switcher) are a lot of work on a busy machine.
    test.slow();
    await withSessionOf(page, "owner");
    await openTeamPage(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Invite someone" }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Assign segments to Marcus Bell" }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");

    await page.context().clearCookies();
    await withSessionOf(page, "manager");
    await openTeamPage(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto("/listings");
    await expect(page.getByRole("combobox", { name: "Portfolio" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
