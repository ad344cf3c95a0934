import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { TeamMember } from "@/lib/svc/schemas/team";
import { LEVEL_SENTENCE, MEMBER_GONE_SENTENCE, READ_ONLY_TEAM_REASON } from "@/lib/team/errors";
import { teamWritePermission } from "@/lib/team/permissions";
import { Button } from "@/components/ui/button";
import { callServiceAs, sentFromPage, serviceAnswer, withServiceInPage } from "@/test-support/dom-service";
import { renderPage } from "@/test-support/render";
import { autoLevelButton } from "@/components/team/action-buttons";
import AutoLevelDialog from "@/components/team/auto-level-dialog";
import { ChangeAutoLevel } from "@/components/team/team-actions";

withServiceInPage();

const writes = () => sentFromPage.filter((r) => !r.startsWith("GET"));

/** Someone invited for this test alone, as the service answers the invitation. */
const invited = (email: string) =>
  callServiceAs<TeamMember>("owner", "POST", "/teams/members/invite", { email, level: "viewer" });

const memberAsStored = async (userId: string) =>
  (await serviceAnswer<TeamMember[]>("/teams/members")).find((m) => m.user_id === userId);

async function openDialog(member: TeamMember) {
  const gone: string[] = [];
  const rendered = renderPage(
    <AutoLevelDialog
      member={member}
      onGone={(sentence) => gone.push(sentence)}
      trigger={<Button {...autoLevelButton(member)} />}
    />,
  );
  const trigger = screen.getByRole("button", {
    name: `Change the level ${member.email} gets on listings you add later`,
  });
  await rendered.user.click(trigger);
  const dialog = screen.getByRole("dialog", { name: `Listings you add later: ${member.email}` });
  const levels = within(dialog).getByRole("group", { name: "Level on listings you add later" });
  const save = () => rendered.user.click(within(dialog).getByRole("button", { name: "Save level" }));
  return { ...rendered, trigger, dialog, levels, save, gone };
}

describe("the level on listings added later", () => {
  it("starts at the member's level, None when they have none; each choice says what it allows", async () => {
    const { levels } = await openDialog(await invited("starts.none@example.com"));
    const radios = within(levels).getAllByRole("radio");
    expect(radios.map((r) => r.getAttribute("value"))).toEqual([
      "none",
      "manager",
      "editor",
      "restricted_editor",
      "viewer",
    ]);
    expect(within(levels).getByRole("radio", { name: "None" })).toBeChecked();
    expect(within(levels).getByRole("radio", { name: "None" })).toHaveAccessibleDescription(
      "Gets no access to listings you add later; you share those one by one.",
    );
    for (const radio of radios) expect(radio).toHaveAccessibleDescription(/\w/);
  });

  it("a chosen level is saved on the service and the dialog closes", async () => {
    const member = await invited("gets.editor@example.com");
    const { user, levels, save } = await openDialog(member);
    await user.click(within(levels).getByRole("radio", { name: "Editor" }));
    await save();

    await screen.findByRole("button", { name: /^Change the level/ });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(writes()).toEqual([`POST /api/svc/teams/members/${member.user_id}/auto_managed_listing_level`]);
    expect((await memberAsStored(member.user_id))!.auto_managed_listing_level).toBe("editor");
  });

  it("Escape closes without saving; opened again, the level shown is the member's, not the one abandoned", async () => {
    const { user, trigger, levels } = await openDialog(await invited("abandoned@example.com"));
    await user.click(within(levels).getByRole("radio", { name: "Manager" }));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();

    await user.click(trigger);
    expect(within(screen.getByRole("dialog")).getByRole("radio", { name: "None" })).toBeChecked();
    expect(writes()).toEqual([]);
  });

  it("a level that does not exist (a tampered form) is refused on the group in a sentence, and nothing is sent", async () => {
    const { user, dialog, levels, save } = await openDialog(await invited("tampered@example.com"));
    const tampered = within(levels).getByRole("radio", { name: "Manager" });
    Object.defineProperty(tampered, "value", { get: () => "owner", set: () => {}, configurable: true });
    await user.click(tampered);
    await save();

    expect(await within(dialog).findByText(LEVEL_SENTENCE)).toBeVisible();
    expect(levels).toHaveAccessibleDescription(LEVEL_SENTENCE);
    expect(dialog).toBeVisible();
    expect(writes()).toEqual([]);
  });

  it("a member removed elsewhere meanwhile: Save closes the dialog and hands the service's sentence to the page", async () => {
    const member = await invited("removed.meanwhile@example.com");
    const { user, levels, save, gone } = await openDialog(member);
    await callServiceAs("owner", "DELETE", `/teams/members/${member.user_id}`);
    await user.click(within(levels).getByRole("radio", { name: "Viewer" }));
    await save();

    await screen.findByRole("button", { name: /^Change the level/ });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(gone).toEqual([MEMBER_GONE_SENTENCE]);
  });

  it("with a read-only key, Change is disabled and says why", async () => {
    const [member] = await serviceAnswer<TeamMember[]>("/teams/members");
    renderPage(
      <ChangeAutoLevel member={member!} permission={teamWritePermission("read_only")} onGone={() => {}} />,
    );
    const change = screen.getByRole("button", {
      name: /^Change the level .* gets on listings you add later$/,
    });
    expect(change).toBeDisabled();
    expect(change).toHaveAccessibleDescription(READ_ONLY_TEAM_REASON);
  });
});
