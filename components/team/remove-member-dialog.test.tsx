import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Membership, TeamMember } from "@/lib/svc/schemas/team";
import { MEMBER_GONE_SENTENCE, READ_ONLY_TEAM_REASON } from "@/lib/team/errors";
import { teamWritePermission } from "@/lib/team/permissions";
import { Button } from "@/components/ui/button";
import { callServiceAs, sentFromPage, serviceAnswer, withServiceInPage } from "@/test-support/dom-service";
import { renderPage } from "@/test-support/render";
import { removeButton } from "@/components/team/action-buttons";
import { MembersSection } from "@/components/team/members-section";
import RemoveMemberDialog from "@/components/team/remove-member-dialog";
import { RemoveMember } from "@/components/team/team-actions";

withServiceInPage();

const writes = () => sentFromPage.filter((r) => !r.startsWith("GET"));
const members = () => serviceAnswer<TeamMember[]>("/teams/members");
const memberByEmail = async (email: string) => (await members()).find((m) => m.email === email);

function renderDialog(member: TeamMember) {
  const gone: string[] = [];
  const rendered = renderPage(
    <RemoveMemberDialog
      member={member}
      onGone={(sentence) => gone.push(sentence)}
      trigger={<Button {...removeButton(member)} />}
    />,
  );
  return { ...rendered, gone };
}

/** My team as the page shows it, once the service has answered. */
async function renderMyTeam() {
  const rendered = renderPage(<MembersSection keyKind="standard" />);
  const table = await screen.findByRole("table", { name: "My team" });
  // My segments have arrived when their names fill in: the rows are then drawn as they stay.
  await within(table).findByText("Family homes");
  const row = (email: string) =>
    within(table)
      .queryAllByRole("row")
      .find((r) => within(r).queryByText(email, { exact: true }));
  return { ...rendered, table, row };
}

describe("removing a member", () => {
  it("an invitation not yet accepted is withdrawn, said as such, and the service no longer lists it", async () => {
    const member = await callServiceAs<TeamMember>("owner", "POST", "/teams/members/invite", {
      email: "withdrawn@example.com",
      level: "viewer",
    });
    const { user } = renderDialog(member);
    await user.click(screen.getByRole("button", { name: "Remove withdrawn@example.com" }));
    const confirm = screen.getByRole("alertdialog", {
      name: "Withdraw the invitation to withdrawn@example.com?",
    });
    expect(confirm).toHaveTextContent(
      "They have not accepted, so they hold no access yet; the invitation stops working.",
    );
    await user.click(within(confirm).getByRole("button", { name: "Withdraw invitation" }));

    await screen.findByRole("button", { name: "Remove withdrawn@example.com" });
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(writes()).toEqual([`DELETE /api/svc/teams/members/${member.user_id}`]);
    expect(await memberByEmail("withdrawn@example.com")).toBeUndefined();
  });

  it("Escape closes the confirmation without removing anyone", async () => {
    const member = (await members()).find((m) => m.status === "active")!;
    const { user } = renderDialog(member);
    const trigger = screen.getByRole("button", { name: `Remove ${member.first_name} ${member.last_name}` });
    await user.click(trigger);
    expect(screen.getByRole("alertdialog")).toBeVisible();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(writes()).toEqual([]);
    expect(await memberByEmail(member.email)).toEqual(member);
  });

  it("in My team, removing an active member says what access they lose, and the service takes it away", async () => {
    const editor = (await members()).find((m) => m.level === "editor" && m.status === "active")!;
    const { user, row } = await renderMyTeam();
    await user.click(within(row(editor.email)!).getByRole("button", { name: "Remove Elena Ruiz" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Remove Elena Ruiz from your team?" });
    expect(confirm).toHaveTextContent(
      "They lose their access to every one of your listings at once (they are an editor of each)",
    );
    await user.click(within(confirm).getByRole("button", { name: "Remove from team" }));

    await waitFor(() => expect(row(editor.email)).toBeUndefined());
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(await memberByEmail(editor.email)).toBeUndefined();
    // The member's side agrees: they are in no team of the owner's now.
    expect(await callServiceAs<Membership[]>("editor", "GET", "/teams/memberships")).toEqual([]);
  });

  it("in My team, a member removed elsewhere meanwhile: removing them again says so in place and the list catches up", async () => {
    const viewer = (await members()).find((m) => m.level === "viewer" && m.status === "active")!;
    const { user, row } = await renderMyTeam();
    await callServiceAs("owner", "DELETE", `/teams/members/${viewer.user_id}`);

    await user.click(within(row(viewer.email)!).getByRole("button", { name: "Remove Valerie Chen" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Remove Valerie Chen from your team?" });
    await user.click(within(confirm).getByRole("button", { name: "Remove from team" }));

    // Said by the section, once the confirmation has gone with the row.
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(MEMBER_GONE_SENTENCE));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    await waitFor(() => expect(row(viewer.email)).toBeUndefined());
  });

  it("with a read-only key, Remove is disabled and says why", async () => {
    const [member] = await members();
    renderPage(
      <RemoveMember member={member!} permission={teamWritePermission("read_only")} onGone={() => {}} />,
    );
    const remove = screen.getByRole("button", { name: /^Remove / });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription(READ_ONLY_TEAM_REASON);
  });
});
