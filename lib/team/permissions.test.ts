import { describe, expect, it } from "vitest";
import { READ_ONLY_TEAM_REASON } from "@/lib/team/errors";
import { refreshPermission, teamWritePermission } from "@/lib/team/permissions";

const member = {
  email: "marcus.bell@harthomes.example",
  first_name: "Marcus",
  last_name: "Bell",
  status: "active" as const,
  auto_managed_listing_level: "manager" as const,
};

describe("what the caller may do on the Team page", () => {
  it("every key but a read-only one may change the team; the read-only key is told why", () => {
    for (const kind of ["standard", "channel_integration", null] as const) {
      expect(teamWritePermission(kind)).toEqual({ allowed: true });
    }
    expect(teamWritePermission("read_only")).toEqual({ allowed: false, reason: READ_ONLY_TEAM_REASON });
  });

  it("refreshing an active member with an auto-managed level is allowed", () => {
    expect(refreshPermission(member, "standard")).toEqual({ allowed: true });
  });

  it("refreshing an invited member is refused before asking: they have no access to refresh", () => {
    const permission = refreshPermission({ ...member, status: "invited" }, "standard");
    expect(permission).toEqual({
      allowed: false,
      reason: "Marcus Bell has not accepted the invitation yet, so there are no listings to refresh.",
    });
  });

  it("refreshing a member with no auto-managed level is refused: it would grant nothing", () => {
    const permission = refreshPermission({ ...member, auto_managed_listing_level: null }, "standard");
    expect(permission.allowed).toBe(false);
    expect(!permission.allowed && permission.reason).toMatch(/a refresh would grant nothing/);
  });

  it("a membership status we do not know gets the least privilege: no refresh is offered", () => {
    const permission = refreshPermission({ ...member, status: "suspended" }, "standard");
    expect(permission.allowed).toBe(false);
    expect(!permission.allowed && permission.reason).toContain('"suspended"');
  });

  it("the read-only key's reason comes first", () => {
    expect(refreshPermission({ ...member, status: "invited" }, "read_only")).toEqual({
      allowed: false,
      reason: READ_ONLY_TEAM_REASON,
    });
  });
});
