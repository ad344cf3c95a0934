import { describe, expect, it } from "vitest";
import type { Membership } from "@/lib/svc/schemas/team";
import {
  activeMemberships,
  isListingsPath,
  MY_LISTINGS,
  ownerNameFrom,
  portfolioOptions,
  withOwner,
} from "@/lib/team/portfolio";

const olivia: Membership = {
  master_user_id: "usr_olivia",
  email: "olivia@harthomes.example",
  level: "manager",
  status: "active",
};
const invitedBy: Membership = {
  master_user_id: "usr_oscar",
  email: "oscar@northlightstays.example",
  level: "viewer",
  status: "invited",
};

describe("the portfolio switcher's choices", () => {
  it("offers my listings and each team I am active in, by the owner's name", () => {
    const options = portfolioOptions([olivia, invitedBy], new Map([["usr_olivia", "Olivia Hart"]]), null);
    expect(options).toEqual([MY_LISTINGS, { value: "usr_olivia", label: "Olivia Hart's listings" }]);
    expect(MY_LISTINGS).toEqual({ value: "", label: "My listings" });
  });

  it("falls back on the owner's email when no name is known", () => {
    expect(portfolioOptions([olivia], new Map(), "usr_olivia")[1]!.label).toBe(
      "olivia@harthomes.example's listings",
    );
  });

  it("an invitation is no portfolio: only active memberships count", () => {
    expect(activeMemberships([olivia, invitedBy])).toEqual([olivia]);
    expect(portfolioOptions([invitedBy], new Map(), null)).toEqual([MY_LISTINGS]);
  });

  it("keeps an owner chosen elsewhere (the owner filter) selectable, so the select never lies", () => {
    const options = portfolioOptions([olivia], new Map(), "usr_me");
    expect(options.at(-1)).toEqual({ value: "usr_me", label: "Another owner's listings (Owner filter)" });
  });
});

describe("keeping the choice between Listings pages", () => {
  it("adds the owner to a link, keeping what the link already asks", () => {
    expect(withOwner("/listings/1000001", "usr_olivia")).toBe("/listings/1000001?owner=usr_olivia");
    expect(withOwner("/listings?view=ranking", "usr_olivia")).toBe("/listings?view=ranking&owner=usr_olivia");
    expect(withOwner("/listings?owner=usr_old", "usr_olivia")).toBe("/listings?owner=usr_olivia");
  });

  it("leaves the link alone when no portfolio is chosen", () => {
    expect(withOwner("/listings/1000001", null)).toBe("/listings/1000001");
  });

  it("acts on the portfolio and listing workspaces only", () => {
    expect(isListingsPath("/listings")).toBe(true);
    expect(isListingsPath("/listings/1000001")).toBe(true);
    expect(isListingsPath("/calendar")).toBe(true);
    expect(isListingsPath("/listings-archive")).toBe(false);
    expect(isListingsPath("/team")).toBe(false);
    expect(isListingsPath("/")).toBe(false);
  });
});

describe("an owner's name from their listing", () => {
  const listing = (id: string, first: string | null, last: string | null) => ({
    owner_user: { id, email: `${id}@x.example`, first_name: first, last_name: last },
  });

  it("reads the owner's first and last name", () => {
    expect(ownerNameFrom([listing("usr_olivia", "Olivia", "Hart")], "usr_olivia")).toBe("Olivia Hart");
  });

  it("is null when no listing of theirs came back, or it names nobody", () => {
    expect(ownerNameFrom([], "usr_olivia")).toBeNull();
    expect(ownerNameFrom([listing("usr_other", "A", "B")], "usr_olivia")).toBeNull();
    expect(ownerNameFrom([listing("usr_olivia", null, null)], "usr_olivia")).toBeNull();
  });
});
