import { describe, expect, it } from "vitest";
import { SET_CHANGELOG_ACTIONS } from "@/lib/svc/schemas/set-analytics";
import { actorWords, describeChange, namedListings } from "@/lib/sets/analytics/changelog-display";

const names = new Map([
  ["11", "Beach loft"],
  ["12", "Harbour view"],
]);

describe("changelog rows in words", () => {
  it("names listings the page knows and falls back to their ids", () => {
    expect(namedListings(["11", "99"], names)).toBe("Beach loft and #99");
    expect(namedListings(["11", "12", "13", "14", "15"], names)).toBe(
      "Beach loft, Harbour view, #13 and 2 more",
    );
  });

  it("says which status members were added as, in the singular for one", () => {
    expect(
      describeChange({ action: "member_added", listing_ids: ["11"], details: { status: "active" } }, names),
    ).toBe("Added 1 active member: Beach loft");
    expect(
      describeChange(
        { action: "synced", listing_ids: ["11", "12"], details: { status: "suggested" } },
        names,
      ),
    ).toBe("A filter sync added 2 suggested members: Beach loft and Harbour view");
  });

  it("says a status change from and to", () => {
    const sentence = describeChange(
      {
        action: "member_status_changed",
        listing_ids: ["11", "12"],
        details: { from: "active", to: "inactive" },
      },
      names,
    );
    expect(sentence).toBe("Moved 2 members from active to inactive: Beach loft and Harbour view");
  });

  it("tells a new share, a level change and a revocation apart", () => {
    const share = (level: string, previous: string) =>
      describeChange({
        action: "shared",
        details: { email: "a@b.example", level, previous_level: previous },
      });
    expect(share("R", "N")).toBe("Shared the set with a@b.example as viewer");
    expect(share("M", "F")).toBe("Changed a@b.example from editor to manager");
    expect(share("N", "F")).toBe("Revoked the access of a@b.example");
  });

  it("names who an upgrade was billed to, and says 'you' when it was the caller", () => {
    const upgraded = { action: "upgraded" as const, details: { billed_user_id: "usr_1" } };
    expect(describeChange(upgraded)).toBe("Upgraded to the paid plan, billed to user usr_1");
    expect(describeChange(upgraded, names, "usr_1")).toBe("Upgraded to the paid plan, billed to you");
  });

  it("never prints undefined when details are missing", () => {
    for (const action of SET_CHANGELOG_ACTIONS) {
      const sentence = describeChange({ action, details: {} });
      expect(sentence, action).not.toMatch(/undefined|null|NaN/);
      expect(sentence.length, action).toBeGreaterThan(5);
    }
  });

  it("credits a change without an actor to the service", () => {
    expect(actorWords(null)).toMatch(/service/i);
    expect(actorWords({ user_id: "usr_1", email: "o@x.example" })).toBe("o@x.example");
  });
});
