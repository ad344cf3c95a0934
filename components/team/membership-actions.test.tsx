import { screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import type { Membership, TeamMember } from "@/lib/svc/schemas/team";
import { READ_ONLY_TEAM_REASON } from "@/lib/team/errors";
import {
  answeredToPage,
  callServiceAs,
  personas,
  signPageInAs,
  withServiceInPage,
} from "@/test-support/dom-service";
import { renderPage } from "@/test-support/render";
import { MembershipsSection } from "@/components/team/memberships-section";

withServiceInPage();

type Person = { persona: string; user_id: string; email: string };
let owner: Person;
let manager: Person;
let outsider: Person;
beforeAll(async () => {
  const all = await personas();
  const find = (persona: string) => all.find((p) => p.persona === persona)!;
  [owner, manager, outsider] = [find("owner"), find("manager"), find("outsider")];
});

const membershipsOf = (persona: string) => callServiceAs<Membership[]>(persona, "GET", "/teams/memberships");
const inviteOutsider = (level: string) =>
  callServiceAs("owner", "POST", "/teams/members/invite", { email: outsider.email, level });

/** Teams I belong to, as the page shows them once the service has answered. */
async function renderMemberships(keyKind: "standard" | "read_only" = "standard") {
  const rendered = renderPage(<MembershipsSection keyKind={keyKind} />);
  const section = screen.getByRole("region", { name: "Teams I belong to" });
  await within(section).findByText(owner.email);
  return { ...rendered, section };
}

const nobodyElse = () => screen.findByText("You are not in anyone else's team.");

describe("accepting, declining and leaving a team, in Teams I belong to", () => {
  it("an invited user accepts, then leaves after a confirmation; the service agrees each time", async () => {
    await inviteOutsider("viewer");
    await signPageInAs("outsider");
    const { user, section } = await renderMemberships();
    const table = within(section).getByRole("table", { name: "Teams I belong to" });
    expect(table).toHaveTextContent("Invited");
    expect(table).toHaveTextContent("Viewer");

    await user.click(within(table).getByRole("button", { name: `Accept ${owner.email}'s invitation` }));
    // Active now: the owner's name is read from one of their listings.
    expect(await within(table).findByText("Olivia Hart")).toBeVisible();
    expect(table).toHaveTextContent("Active");
    expect(await membershipsOf("outsider")).toEqual([
      { master_user_id: owner.user_id, email: owner.email, level: "viewer", status: "active" },
    ]);
    expect(within(table).getByRole("link", { name: "View Olivia Hart's listings" })).toHaveAttribute(
      "href",
      `/listings?owner=${owner.user_id}`,
    );

    await user.click(within(table).getByRole("button", { name: "Leave Olivia Hart's team" }));
    const confirm = screen.getByRole("alertdialog", { name: "Leave Olivia Hart's team?" });
    expect(confirm).toHaveTextContent(
      "You lose your access to every one of Olivia Hart's listings at once (you are a viewer of each)",
    );
    await user.click(within(confirm).getByRole("button", { name: "Leave team" }));
    expect(await nobodyElse()).toBeVisible();
    expect(await membershipsOf("outsider")).toEqual([]);
  });

  it("declining an invitation confirms first, saying what is not gained, and leaves no membership", async () => {
    await inviteOutsider("editor");
    await signPageInAs("outsider");
    const { user } = await renderMemberships();
    await user.click(screen.getByRole("button", { name: `Decline ${owner.email}'s invitation` }));
    const confirm = screen.getByRole("alertdialog", { name: `Decline ${owner.email}'s invitation?` });
    expect(confirm).toHaveTextContent(`You will not get access to ${owner.email}'s listings`);
    await user.click(within(confirm).getByRole("button", { name: "Decline invitation" }));

    expect(await nobodyElse()).toBeVisible();
    expect(await membershipsOf("outsider")).toEqual([]);
    const members = await callServiceAs<TeamMember[]>("owner", "GET", "/teams/members");
    expect(members.find((m) => m.email === outsider.email)).toBeUndefined();
  });

  it("Escape closes the confirmation and the membership stays", async () => {
    await signPageInAs("manager");
    const { user } = await renderMemberships();
    const leave = await screen.findByRole("button", { name: "Leave Olivia Hart's team" });
    await user.click(leave);
    expect(screen.getByRole("alertdialog", { name: "Leave Olivia Hart's team?" })).toBeVisible();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(await membershipsOf("manager")).toHaveLength(1);
  });

  it("a membership that no longer exists: leaving it says so in place, and the list catches up", async () => {
    await signPageInAs("manager");
    const { user, section } = await renderMemberships();
    const leave = await screen.findByRole("button", { name: "Leave Olivia Hart's team" });
    expect(within(section).getAllByRole("row")).toHaveLength(2);
    // The owner removes the manager while the page is open.
    await callServiceAs("owner", "DELETE", `/teams/members/${manager.user_id}`);

    await user.click(leave);
    const confirm = screen.getByRole("alertdialog", { name: "Leave Olivia Hart's team?" });
    expect(confirm).toHaveTextContent("You lose your access to every one of Olivia Hart's listings at once");
    await user.click(within(confirm).getByRole("button", { name: "Leave team" }));

    expect(await within(section).findByRole("alert")).toHaveTextContent(
      "You are no longer in this team: its owner removed you or withdrew the invitation. The list now shows your teams as they are.",
    );
    expect(await nobodyElse()).toBeVisible();
    expect(answeredToPage.filter((a) => /^5\d\d /.test(a))).toEqual([]);
  });

  it("with the viewer's read-only key, leaving the owner's team is disabled with the reason", async () => {
    await signPageInAs("viewer", "read_only");
    await renderMemberships("read_only");
    const name = "Leave Olivia Hart's team";
    // A disabled control's hint is a lazy part: its code comes a moment after the button and
    // draws the button anew inside Radix's trigger, which marks it with data-state. The button
    // is read once that has happened, not the one drawn before it.
    await waitFor(() =>
      expect(screen.getByRole("button", { name }).parentElement).toHaveAttribute("data-state"),
    );
    const leave = screen.getByRole("button", { name });
    expect(leave).toBeDisabled();
    expect(leave).toHaveAccessibleDescription(READ_ONLY_TEAM_REASON);
  });
});
