import { describe, expect, it } from "vitest";
import {
  associatePermission,
  canDo,
  READ_ONLY_KEY_REASON,
  reasonFor,
  SET_ACTIONS,
  setAccessWords,
  setPermission,
  type SetAction,
} from "@/lib/sets/access";

const allowedTo = (access: Parameters<typeof canDo>[0]): SetAction[] =>
  SET_ACTIONS.filter((action) => canDo(access, action));

describe("what each access to a set allows", () => {
  it("R (viewer) reads only: every change is refused, and the reason says read only", () => {
    expect(allowedTo("R")).toEqual([]);
    for (const action of SET_ACTIONS) {
      expect(reasonFor("R", action)).toMatch(/you are a viewer of this set/);
      expect(reasonFor("R", action)).toMatch(/read-only/);
    }
  });

  it("E (restricted editor) may only change the status of existing members", () => {
    expect(allowedTo("E")).toEqual(["changeStatus"]);
    expect(reasonFor("E", "changeStatus")).toBeNull();
    expect(reasonFor("E", "addMembers")).toMatch(
      /needs editor or manager access; you are a restricted editor/,
    );
    expect(reasonFor("E", "removeMembers")).toMatch(/needs editor or manager access/);
    expect(reasonFor("E", "editAssociated")).toMatch(/associated listings needs editor or manager access/);
  });

  it("F (editor) edits members and associated listings but neither shares nor upgrades", () => {
    expect(allowedTo("F")).toEqual(["changeStatus", "addMembers", "removeMembers", "editAssociated"]);
    expect(reasonFor("F", "share")).toMatch(/owner or a manager can share it; you are an editor/);
    expect(reasonFor("F", "upgrade")).toMatch(/owner or a manager can upgrade it; you are an editor/);
  });

  it("M (manager) may do everything, sharing and upgrading included", () => {
    expect(allowedTo("M")).toEqual(SET_ACTIONS);
    for (const action of SET_ACTIONS) expect(reasonFor("M", action)).toBeNull();
  });

  it("the owner may do everything", () => {
    expect(allowedTo("owner")).toEqual(SET_ACTIONS);
    for (const action of SET_ACTIONS) expect(reasonFor("owner", action)).toBeNull();
  });

  it("an unknown access level gets the least privilege: every change is refused, in words", () => {
    expect(allowedTo("X")).toEqual([]);
    for (const action of SET_ACTIONS) {
      expect(reasonFor("X", action)).toMatch(
        /your access to this set \("X"\) is one this dashboard does not know/,
      );
      expect(setPermission("X", action, false).allowed).toBe(false);
    }
    // Neither a prototype key nor a near miss slips through the allow-list.
    expect(allowedTo("toString")).toEqual([]);
    expect(allowedTo("OWNER")).toEqual([]);
  });

  it("an unknown access is named in words, never blank", () => {
    expect(setAccessWords("co_owner").label).toBe("Co owner");
    expect(setAccessWords("M").label).toBe("Manager");
  });
});

describe("a read-only key refuses every change whatever the access", () => {
  it("an owner on a read-only key gets the key's reason", () => {
    for (const action of SET_ACTIONS) {
      expect(setPermission("owner", action, true)).toEqual({ allowed: false, reason: READ_ONLY_KEY_REASON });
    }
  });

  it("the access reason comes first when the access already forbids it", () => {
    expect(setPermission("R", "share", true)).toEqual({ allowed: false, reason: reasonFor("R", "share") });
  });

  it("a standard key keeps what the access allows", () => {
    expect(setPermission("E", "changeStatus", false)).toEqual({ allowed: true });
    expect(setPermission("E", "addMembers", false).allowed).toBe(false);
  });
});

describe("associating one of my listings needs manage access to it", () => {
  it("owner, manager and editor of the listing may associate it", () => {
    for (const level of ["owner", "manager", "editor"] as const) {
      expect(associatePermission(level)).toEqual({ allowed: true });
    }
  });

  it("a viewer or restricted editor of the listing is told manage access is needed", () => {
    const viewer = associatePermission("viewer");
    const restricted = associatePermission("restricted_editor");
    expect(viewer.allowed).toBe(false);
    expect(restricted.allowed).toBe(false);
    if (!viewer.allowed) expect(viewer.reason).toMatch(/viewer of this listing.*needs manage access/);
    if (!restricted.allowed) expect(restricted.reason).toMatch(/restricted editor of this listing/);
  });

  it("an unknown access level gets the least privilege", () => {
    const unknown = associatePermission("co_host");
    expect(unknown.allowed).toBe(false);
    if (!unknown.allowed) expect(unknown.reason).toMatch(/"co_host".*needs manage access/);
  });
});
