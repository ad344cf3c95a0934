import { describe, expect, it } from "vitest";
import { accessLabels } from "@/lib/access/listing-access";
import { SET_ACCESS_WORDS } from "@/lib/sets/access";
import {
  autoLevelWords,
  leavingConsequence,
  levelWords,
  NO_AUTO_LEVEL,
  personName,
  removalConsequence,
  segmentNames,
  byStatus,
  statusWords,
  TEAM_LEVELS,
  teamSummary,
  withArticle,
} from "@/lib/team/levels";

describe("team levels in words", () => {
  it("offers the four levels the contract knows, most access first", () => {
    expect(TEAM_LEVELS).toEqual(["manager", "editor", "restricted_editor", "viewer"]);
  });

  it("takes each level's label and what it allows from the listings' own table, not a copy", () => {
    for (const level of TEAM_LEVELS) {
      expect(levelWords(level)).toEqual({
        label: accessLabels[level].label,
        meaning: accessLabels[level].grants,
      });
    }
    expect(levelWords("restricted_editor")).toEqual({
      label: "Restricted editor",
      meaning: "Can change each listing's own preferences, but not its tags or batch preferences.",
    });
    expect(levelWords("viewer").meaning).toMatch(/^Read only/);
  });

  it("names each level as the sets' access words do, so one person's level reads the same everywhere", () => {
    const setAccessOf = { manager: "M", editor: "F", restricted_editor: "E", viewer: "R" } as const;
    for (const level of TEAM_LEVELS) {
      expect(levelWords(level).label).toBe(SET_ACCESS_WORDS[setAccessOf[level]].label);
    }
  });

  it("says what each listing level allows its holder, and no two levels say the same", () => {
    const sentences = TEAM_LEVELS.map((level) => levelWords(level).meaning);
    expect(new Set(sentences).size).toBe(TEAM_LEVELS.length);
    for (const sentence of sentences) expect(sentence).toMatch(/^[A-Z].*\.$/);
    expect(levelWords("editor").meaning).toMatch(/tags/);
    expect(levelWords("restricted_editor").meaning).toMatch(/not its tags or batch preferences/);
  });

  it("calls a null auto-managed level None and says listings added later are not shared", () => {
    expect(autoLevelWords(null)).toBe(NO_AUTO_LEVEL);
    expect(NO_AUTO_LEVEL.label).toBe("None");
    expect(NO_AUTO_LEVEL.meaning).toMatch(/no access to listings you add later/);
    expect(autoLevelWords("editor")).toEqual(levelWords("editor"));
  });

  it("puts the right article before a level", () => {
    expect(withArticle("editor")).toBe("an editor");
    expect(withArticle("manager")).toBe("a manager");
    expect(withArticle("restricted_editor")).toBe("a restricted editor");
    expect(withArticle("viewer")).toBe("a viewer");
  });
});

describe("people and what they lose", () => {
  it("names a person by first and last name, else by email", () => {
    expect(personName({ email: "m@x.example", first_name: "Marcus", last_name: "Bell" })).toBe("Marcus Bell");
    expect(personName({ email: "x@example.com", first_name: null, last_name: null })).toBe("x@example.com");
    expect(personName({ email: "a@x.example", first_name: "Ann", last_name: null })).toBe("Ann");
  });

  it("removing an active member says they lose access to every listing at their level; sets stay shared", () => {
    const sentence = removalConsequence({ level: "manager", status: "active" });
    expect(sentence).toMatch(/lose their access to every one of your listings at once/);
    expect(sentence).toMatch(/they are a manager of each/);
    expect(sentence).toMatch(/Sets you shared with them stay shared/);
  });

  it("withdrawing an invitation says it took no access yet", () => {
    expect(removalConsequence({ level: "viewer", status: "invited" })).toMatch(/hold no access yet/);
  });

  it("leaving says the listings go; declining says they never came", () => {
    expect(leavingConsequence({ level: "editor", status: "active" }, "Olivia Hart")).toBe(
      "You lose your access to every one of Olivia Hart's listings at once (you are an editor of each), and they leave your Listings. To come back, Olivia Hart must invite you again.",
    );
    expect(leavingConsequence({ level: "editor", status: "invited" }, "Olivia Hart")).toMatch(
      /^You will not get access to Olivia Hart's listings/,
    );
  });
});

describe("segments by name", () => {
  const mine = [
    { id: "seg_a", name: "Austin portfolio" },
    { id: "seg_b", name: "Family homes" },
  ];

  it("keeps the member's order and names each segment", () => {
    expect(segmentNames(["seg_b", "seg_a"], mine)).toEqual([
      { id: "seg_b", name: "Family homes", known: true },
      { id: "seg_a", name: "Austin portfolio", known: true },
    ]);
  });

  it("says so for an id no longer among my segments instead of dropping it", () => {
    expect(segmentNames(["seg_gone"], mine)).toEqual([
      { id: "seg_gone", name: "A segment no longer in your list (seg_gone)", known: false },
    ]);
  });
});

describe("membership statuses", () => {
  it("a status we do not know is shown in words and sorts after ours", () => {
    expect(statusWords("suspended").label).toBe("Suspended");
    expect(statusWords("invited").label).toBe("Invited");
    expect(["suspended", "invited", "active", "blocked"].sort(byStatus)).toEqual([
      "active",
      "invited",
      "blocked",
      "suspended",
    ]);
  });
});

describe("the team at a glance", () => {
  it("counts members and invitations", () => {
    expect(teamSummary([])).toBe("0 members");
    expect(teamSummary([{ status: "active" }])).toBe("1 member");
    expect(teamSummary([{ status: "active" }, { status: "invited" }])).toBe("2 members · 1 invited");
  });
});
