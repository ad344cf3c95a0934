import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import type { Listing } from "@/lib/svc/schemas/listings";
import type { TeamMember } from "@/lib/svc/schemas/team";
import { READ_ONLY_TEAM_REASON } from "@/lib/team/errors";
import { refreshPermission } from "@/lib/team/permissions";
import {
  callServiceAs,
  personas,
  sentFromPage,
  serviceAnswer,
  withServiceInPage,
} from "@/test-support/dom-service";
import { renderPage } from "@/test-support/render";
import { RefreshControl } from "@/components/team/refresh-control";

withServiceInPage();

let members: TeamMember[];
beforeAll(async () => {
  members = await serviceAnswer<TeamMember[]>("/teams/members");
});

const member = (level: TeamMember["level"]) => members.find((m) => m.level === level)!;
const posts = () => sentFromPage.filter((r) => r.startsWith("POST"));

function renderRefresh(who: TeamMember, keyKind: "standard" | "read_only" = "standard") {
  return renderPage(
    <RefreshControl member={who} permission={refreshPermission(who, keyKind)} onGone={() => {}} />,
  );
}

describe("refreshing a member's auto-managed listings", () => {
  it("confirms what a refresh does, then shows the count and time the service answers", async () => {
    const owner = (await personas()).find((p) => p.persona === "owner")!;
    const ownerListings = await serviceAnswer<Listing[]>(
      `/listings?owner_user_id=${owner.user_id}&per_page=100`,
    );
    const manager = member("manager");
    const { user } = renderRefresh(manager);
    await user.click(screen.getByRole("button", { name: "Refresh auto-managed listings for Marcus Bell" }));
    const confirm = screen.getByRole("alertdialog", { name: "Refresh Marcus Bell's listings?" });
    expect(confirm).toHaveTextContent(
      "Marcus Bell becomes a manager of every listing you have now, including ones added since they joined.",
    );
    await user.click(within(confirm).getByRole("button", { name: "Refresh listings" }));

    await screen.findByText(/^Refreshed at/);
    expect(screen.getByRole("status")).toHaveTextContent(
      new RegExp(
        `^Refreshed at \\d{2}:\\d{2}:\\d{2} UTC: Marcus Bell is a manager of ${ownerListings.length} of your listings\\.$`,
      ),
    );
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(posts()).toEqual([`POST /api/svc/teams/members/${manager.user_id}/refresh_auto_managed_listings`]);
  });

  it("Escape closes the confirmation without refreshing", async () => {
    const { user } = renderRefresh(member("editor"));
    const trigger = screen.getByRole("button", { name: "Refresh auto-managed listings for Elena Ruiz" });
    await user.click(trigger);
    expect(screen.getByRole("alertdialog", { name: "Refresh Elena Ruiz's listings?" })).toBeVisible();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    expect(posts()).toEqual([]);
  });

  it("a member with no level for listings added later cannot be refreshed, and is told why", () => {
    renderRefresh(member("viewer"));
    const refresh = screen.getByRole("button", { name: "Refresh auto-managed listings for Valerie Chen" });
    expect(refresh).toBeDisabled();
    expect(refresh).toHaveAccessibleDescription(
      "Valerie Chen gets no level on listings you add later, so a refresh would grant nothing. Choose a level first.",
    );
  });

  it("a member who has not accepted yet cannot be refreshed, and is told why", async () => {
    const invitee = await callServiceAs<TeamMember>("owner", "POST", "/teams/members/invite", {
      email: "not.yet@example.com",
      level: "editor",
    });
    // With a level for listings added later, so that only the pending invitation stands in the way.
    const withLevel = await callServiceAs<TeamMember>(
      "owner",
      "POST",
      `/teams/members/${invitee.user_id}/auto_managed_listing_level`,
      { level: "editor" },
    );
    expect(withLevel).toMatchObject({ status: "invited", auto_managed_listing_level: "editor" });
    renderRefresh(withLevel);
    const refresh = screen.getByRole("button", {
      name: "Refresh auto-managed listings for not.yet@example.com",
    });
    expect(refresh).toBeDisabled();
    expect(refresh).toHaveAccessibleDescription(
      "not.yet@example.com has not accepted the invitation yet, so there are no listings to refresh.",
    );
  });

  it("with a read-only key, Refresh is disabled and says why", () => {
    renderRefresh(member("manager"), "read_only");
    const refresh = screen.getByRole("button", { name: "Refresh auto-managed listings for Marcus Bell" });
    expect(refresh).toBeDisabled();
    expect(refresh).toHaveAccessibleDescription(READ_ONLY_TEAM_REASON);
  });
});
