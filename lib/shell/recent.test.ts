import { describe, expect, it } from "vitest";
import { parseRecent, recentHref, remember, RECENT_LIMIT, type RecentEntry } from "@/lib/shell/recent";

const set = (id: string, at = 1): RecentEntry => ({ kind: "set", id, name: `Set ${id}`, at });

describe("recently opened sets and segments", () => {
  it("the newest visit comes first and a repeated visit moves up instead of repeating", () => {
    const list = remember(remember(remember([], set("a")), set("b")), set("a", 2));
    expect(list.map((e) => e.id)).toEqual(["a", "b"]);
    expect(list[0]?.at).toBe(2);
  });

  it("a set and a segment with the same id are two entries", () => {
    const list = remember([set("7")], { kind: "segment", id: "7", name: "Seg", at: 3 });
    expect(list).toHaveLength(2);
  });

  it(`keeps at most ${RECENT_LIMIT}`, () => {
    let list: RecentEntry[] = [];
    for (let i = 0; i < 10; i += 1) list = remember(list, set(String(i)));
    expect(list).toHaveLength(RECENT_LIMIT);
    expect(list[0]?.id).toBe("9");
  });

  it("a stored value that is not JSON or not the shape reads as an empty list", () => {
    expect(parseRecent(null)).toEqual([]);
    expect(parseRecent("{oops")).toEqual([]);
    expect(parseRecent(JSON.stringify([{ kind: "listing", id: "1" }]))).toEqual([]);
    expect(parseRecent(JSON.stringify([set("1")]))).toEqual([set("1")]);
  });

  it("links each kind to its page", () => {
    expect(recentHref({ kind: "set", id: "12" })).toBe("/sets/12");
    expect(recentHref({ kind: "segment", id: "s 1" })).toBe("/segments/s%201");
  });
});
