import type { Listing } from "../lib/svc/schemas/listings";
import type { CandidateListing } from "../lib/svc/schemas/sets";
import { READ_ONLY_KEY_REASON } from "../lib/sets/access";
import { expect, keyOf, portfolioOf, seriousViolations, test, withSessionOf } from "./fixtures";
import {
  associatedOf,
  group,
  memberRow,
  membersOf,
  openSet,
  setNamed,
  setRecord,
  svcAs,
} from "./sets-members-support";
import { signInWithKey } from "./webhooks-support";

const EDITOR_EMAIL = "elena.ruiz@harthomes.example";

test.describe("the set page", () => {
  test("as owner: a status change and a removal reach the service; removing asks first", async ({ page }) => {
    const set = await setNamed("Lisbon shortlist");
    const before = await membersOf(set.id);
    const [moved, removed] = before.active;
    await withSessionOf(page, "owner");
    await openSet(page, set);
    await expect(group(page, "Active")).toHaveAccessibleName(`Active (${before.active.length})`);
    expect(await seriousViolations(page)).toEqual([]);

    await memberRow(page, "Active", moved!.listing_id).getByRole("checkbox").check();
    await group(page, "Active").getByRole("button", { name: "Move to inactive" }).click();
    await expect(memberRow(page, "Inactive", moved!.listing_id)).toBeVisible();
    expect((await membersOf(set.id)).inactive.map((m) => m.listing_id)).toEqual([moved!.listing_id]);

    await memberRow(page, "Active", removed!.listing_id).getByRole("checkbox").check();
    await group(page, "Active").getByRole("button", { name: "Remove" }).click();
    const confirm = page.getByRole("alertdialog", { name: `Remove 1 member from ${set.name}?` });
    await expect(confirm).toContainText(removed!.name);
    await expect(confirm).not.toContainText("filter-based");
    await confirm.getByRole("button", { name: "Remove 1 member" }).click();
    await expect(confirm).toBeHidden();
    await expect(memberRow(page, "Active", removed!.listing_id)).toHaveCount(0);
    const after = await membersOf(set.id);
    const ids = [...after.active, ...after.suggested, ...after.inactive].map((m) => m.listing_id);
    expect(ids).not.toContain(removed!.listing_id);
    expect(ids).toHaveLength(before.active.length - 1);
    // The header's count comes from the re-read set record.
    await expect(
      page
        .getByRole("term")
        .filter({ hasText: /^Members$/ })
        .locator("xpath=following-sibling::dd[1]"),
    ).toHaveText(String(ids.length));
  });

  test("as owner: members are added from candidates near one of my listings, as active", async ({ page }) => {
    const set = await setNamed("Lisbon shortlist");
    const inSet = new Set((await membersOf(set.id)).active.map((m) => m.listing_id));
    const near = (await portfolioOf("owner")).find((l) => l.market_id === "mkt_lisbon" && !l.is_hidden)!;
    const candidates = await svcAs<CandidateListing[]>(
      "owner",
      "GET",
      `/sets/candidates?listing_id=${near.svc_id}&channel=svc&per_page=100`,
    );
    // A candidate not yet in the set whose name no other result shares, so its checkbox is unique.
    const pick = candidates.find(
      (c) => !inSet.has(c.listing_id) && candidates.filter((o) => o.name === c.name).length === 1,
    )!;
    await withSessionOf(page, "owner");
    await openSet(page, set);

    await page.getByRole("button", { name: "Add from candidates" }).click();
    const dialog = page.getByRole("dialog", { name: `Add members to ${set.name}` });
    await dialog.getByLabel("Your listing").selectOption(near.svc_id);
    await dialog.getByRole("button", { name: "Search" }).click();
    const member = candidates.find((c) => inSet.has(c.listing_id));
    if (member)
      await expect(
        dialog.getByRole("checkbox", { name: `${member.name} is already in the set` }),
      ).toBeDisabled();
    await dialog.getByRole("checkbox", { name: `Select ${pick.name}`, exact: true }).check();
    await dialog.getByRole("button", { name: "Add as active members" }).click();
    await expect(dialog).toBeHidden();
    await expect(memberRow(page, "Active", pick.listing_id)).toBeVisible();
    const after = await membersOf(set.id);
    expect(after.active.find((m) => m.listing_id === pick.listing_id)?.status).toBe("active");
    expect(after.active).toHaveLength(inSet.size + 1);
  });

  test("on a filter-based set, removing warns that the next sync may restore the member", async ({
    page,
  }) => {
    const set = await setNamed("South Congress 2BR comps");
    expect(set.membership).toBe("filter");
    const suggested = (await membersOf(set.id)).suggested[0]!;
    await withSessionOf(page, "owner");
    await openSet(page, set);
    await expect(page.getByText(/within 3 km of/)).toBeVisible();
    await memberRow(page, "Suggested", suggested.listing_id).getByRole("checkbox").check();
    await group(page, "Suggested").getByRole("button", { name: "Remove" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("This set is filter-based: the next filter sync may restore");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    expect((await membersOf(set.id)).suggested.map((m) => m.listing_id)).toContain(suggested.listing_id);
  });

  test("as owner: sharing with the editor at E; the editor then sees the set as a restricted editor", async ({
    page,
  }) => {
    const set = await setNamed("South Congress 2BR comps");
    expect(set.collaborators).toEqual([]);
    await withSessionOf(page, "owner");
    await openSet(page, set, "sharing");
    expect(await seriousViolations(page)).toEqual([]);

    // An address with no account is refused next to the field, and the text stays.
    await page.getByLabel("Email address").fill("nobody@nowhere.example");
    await page.getByRole("button", { name: "Share", exact: true }).click();
    await expect(page.getByText(/No account uses nobody@nowhere.example/)).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveValue("nobody@nowhere.example");

    await page.getByLabel("Email address").fill(EDITOR_EMAIL);
    await page.getByRole("radio", { name: "Restricted editor" }).check();
    await page.getByRole("button", { name: "Share", exact: true }).click();
    const row = page.getByRole("row").filter({ hasText: EDITOR_EMAIL });
    await expect(row).toContainText("Restricted editor");
    expect((await setRecord(set.id)).collaborators).toEqual([
      expect.objectContaining({ email: EDITOR_EMAIL, level: "E" }),
    ]);

    await page.context().clearCookies();
    await withSessionOf(page, "editor");
    await openSet(page, set);
    await expect(page.getByTestId("set-page").getByText("Restricted editor", { exact: true })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Sharing" })).toHaveCount(0);
    expect((await setRecord(set.id, "editor")).access).toBe("E");
  });

  test("as owner: a collaborator's level changes, and revoking asks first", async ({ page }) => {
    const set = await setNamed("Miami Beach core comps");
    const viewer = set.collaborators!.find((c) => c.level === "R")!;
    const restricted = set.collaborators!.find((c) => c.level === "E")!;
    await withSessionOf(page, "owner");
    await openSet(page, set, "sharing");

    await page.getByLabel(`New level for ${viewer.email}`).selectOption({ label: "Editor" });
    await page.getByRole("button", { name: `Change the level of ${viewer.email}` }).click();
    await expect(page.getByRole("row").filter({ hasText: viewer.email })).toContainText(
      "Can add and remove members",
    );
    expect((await setRecord(set.id)).collaborators).toContainEqual(
      expect.objectContaining({ user_id: viewer.user_id, level: "F" }),
    );

    await page.getByRole("button", { name: `Revoke access for ${restricted.email}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Revoke access for ${restricted.email}?` });
    await confirm.getByRole("button", { name: "Revoke access" }).click();
    await expect(page.getByRole("row").filter({ hasText: restricted.email })).toHaveCount(0);
    const after = await setRecord(set.id);
    expect(after.collaborators!.map((c) => c.user_id)).not.toContain(restricted.user_id);
  });

  test("as viewer: every edit is disabled, with its reason", async ({ page }) => {
    const set = await setNamed("Miami Beach core comps", "viewer");
    expect(set.access).toBe("R");
    await withSessionOf(page, "viewer");
    await openSet(page, set);
    await expect(page.getByTestId("set-page").getByText("Viewer", { exact: true })).toBeVisible();
    await expect(page.getByRole("note").filter({ hasText: "You are a viewer of this set" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Sharing" })).toHaveCount(0);
    await expect(page.getByRole("checkbox")).toHaveCount(0);

    const add = page.getByRole("button", { name: "Add from candidates" });
    await expect(add).toBeDisabled();
    await expect(add).toHaveAccessibleDescription(
      /Adding members needs editor or manager access; you are a viewer/,
    );
    const active = group(page, "Active");
    for (const name of ["Move to suggested", "Move to inactive", "Remove"]) {
      const button = active.getByRole("button", { name });
      await expect(button).toBeDisabled();
      await expect(button).toHaveAccessibleDescription(/you are a viewer of this set/);
    }
    // The reason is reachable from the keyboard: the wrapper takes focus and shows it.
    await add.locator("..").focus();
    await expect(page.getByRole("tooltip")).toContainText("Adding members needs editor or manager access");

    await page.getByRole("tab", { name: "Associated listings" }).click();
    await expect(page.getByTestId("associated")).toHaveAttribute("data-state", "ready");
    const addMine = page.getByRole("button", { name: "Add my listings" });
    await expect(addMine).toBeDisabled();
    await expect(addMine).toHaveAccessibleDescription(
      /Changing associated listings needs editor or manager access/,
    );
    for (const remove of await page
      .getByRole("button", { name: /^Remove .* from the associated listings$/ })
      .all()) {
      await expect(remove).toBeDisabled();
    }
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("as restricted editor: only status changes are enabled", async ({ page }) => {
    const set = await setNamed("Miami Beach core comps", "restricted_editor");
    expect(set.access).toBe("E");
    const member = (await membersOf(set.id)).active[0]!;
    await withSessionOf(page, "restricted_editor");
    await openSet(page, set);

    await expect(page.getByRole("button", { name: "Add from candidates" })).toHaveAccessibleDescription(
      /Adding members needs editor or manager access; you are a restricted editor/,
    );
    await memberRow(page, "Active", member.listing_id).getByRole("checkbox").check();
    const remove = group(page, "Active").getByRole("button", { name: "Remove" });
    await expect(remove).toBeDisabled();
    await expect(remove).toHaveAccessibleDescription(/Removing members needs editor or manager access/);
    const move = group(page, "Active").getByRole("button", { name: "Move to inactive" });
    await expect(move).toBeEnabled();
    await move.click();
    await expect(memberRow(page, "Inactive", member.listing_id)).toBeVisible();
    expect((await membersOf(set.id)).inactive.map((m) => m.listing_id)).toContain(member.listing_id);

    await page.getByRole("tab", { name: "Associated listings" }).click();
    await expect(page.getByRole("button", { name: "Add my listings" })).toBeDisabled();
  });

  test("as owner: my listings are associated and removed", async ({ page }) => {
    const set = await setNamed("Lisbon shortlist");
    expect(await associatedOf(set.id)).toEqual([]);
    const mine = (await portfolioOf("owner")).find((l) => l.market_id === "mkt_lisbon" && !l.is_hidden)!;
    await withSessionOf(page, "owner");
    await openSet(page, set, "associated");
    await expect(page.getByText("No associated listings.")).toBeVisible();

    await page.getByRole("button", { name: "Add my listings" }).click();
    const dialog = page.getByRole("dialog", { name: `Associate your listings with ${set.name}` });
    await dialog.getByLabel("Filter by name").fill(mine.name);
    await dialog.getByRole("checkbox", { name: new RegExp(`#${mine.id}\\)$`) }).check();
    await dialog.getByRole("button", { name: "Associate 1 listing" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("link", { name: mine.name })).toBeVisible();
    expect((await associatedOf(set.id)).map((l) => l.svc_id)).toEqual([mine.svc_id]);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: `Remove ${mine.name} from the associated listings` }).click();
    await expect(page.getByText("No associated listings.")).toBeVisible();
    expect(await associatedOf(set.id)).toEqual([]);
  });

  test("a listing I only view cannot be associated, and the picker says why", async ({ page }) => {
    const set = await setNamed("South Congress 2BR comps");
    // The owner makes the viewer an editor of the set: the set allows it, the listings do not.
    await svcAs("owner", "POST", `/sets/${set.id}/share`, {
      shares: [{ email: "valerie.chen@lakesidecapital.example", level: "F" }],
    });
    const portfolio: Listing[] = await portfolioOf("viewer");
    const viewed = portfolio.find((l) => l.access_level === "viewer")!;
    const own = portfolio.find((l) => l.access_level === "owner")!;
    await withSessionOf(page, "viewer");
    await openSet(page, set, "associated");
    await page.getByRole("button", { name: "Add my listings" }).click();
    const dialog = page.getByRole("dialog");

    const refused = dialog.getByRole("checkbox", { name: new RegExp(`#${viewed.id}\\)$`) });
    await expect(refused).toBeDisabled();
    await expect(refused).toHaveAccessibleDescription(
      /You are a viewer of this listing; associating a listing with a set needs manage access/,
    );
    await expect(dialog.getByRole("checkbox", { name: new RegExp(`#${own.id}\\)$`) })).toBeEnabled();
  });

  test("with a read-only key, even the owner finds every change disabled, with the key's reason", async ({
    page,
  }) => {
    const set = await setNamed("Lisbon shortlist");
    await signInWithKey(page, await keyOf("owner", "read_only"));
    await openSet(page, set);
    const add = page.getByRole("button", { name: "Add from candidates" });
    await expect(add).toBeDisabled();
    await expect(add).toHaveAccessibleDescription(READ_ONLY_KEY_REASON);
    await expect(group(page, "Active").getByRole("button", { name: "Remove" })).toBeDisabled();

    await page.getByRole("tab", { name: "Sharing" }).click();
    await expect(page.getByRole("button", { name: "Share", exact: true })).toBeDisabled();
    await expect(page.getByRole("note").filter({ hasText: READ_ONLY_KEY_REASON })).toBeVisible();
    await page.getByRole("tab", { name: "Associated listings" }).click();
    await expect(page.getByRole("button", { name: "Add my listings" })).toHaveAccessibleDescription(
      READ_ONLY_KEY_REASON,
    );
  });

  test("a set the caller cannot see says so, with the way back", async ({ page }) => {
    const set = await setNamed("Miami Beach core comps");
    await withSessionOf(page, "outsider");
    await page.goto(`/sets/${set.id}`);
    await expect(page.getByRole("heading", { name: "No such set, or none you can see." })).toBeVisible();
    await page.getByRole("link", { name: "Back to your sets" }).click();
    await expect(page).toHaveURL(/\/sets$/);
  });
});
