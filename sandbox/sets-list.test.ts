import { beforeAll, describe, expect, it } from "vitest";
import type { SetRecord } from "../lib/svc/schemas/sets";
import type { Sandbox } from "./app";
import { SEEDED, memberState, nonMemberCandidates, schemas, setId } from "./sets-support";
import { call, expectError, makeSandbox, personaKeys, rows, type Personas } from "./test-support";

// GET /sets and GET /sets/{id} (docs/interface.md §Dynamic sets, docs/interface-decisions.md §5): sets shared with the
// caller, the record, filters and pagination. Sets created here use names of their own.
let sandbox: Sandbox;
let p: Personas;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
});

const listSets = async (key: string, query = "") => {
  const res = await call(sandbox, "GET", `/sets${query ? `?${query}` : ""}`, { key });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { sets: schemas.list.parse(res.json), total: Number(res.headers.get("X-Total-Count")) };
};
const names = (sets: SetRecord[]) => sets.map((s) => s.name).sort();
const createSet = (key: string, body: unknown) => call(sandbox, "POST", "/sets", { key, body });
const setCount = () => rows<{ n: number }>(sandbox, `SELECT COUNT(*) AS n FROM sets`)[0]!.n;

/** What the set record should say for a user, recomputed from the database. */
function expectedRecord(id: string, userId: string) {
  const [set] = rows<{ owner_user_id: string; kind: string | null; is_paid: number }>(
    sandbox,
    `SELECT * FROM sets WHERE id = ?`,
    id,
  );
  const [share] = rows<{ level: string }>(
    sandbox,
    `SELECT level FROM set_shares WHERE set_id = ? AND user_id = ?`,
    id,
    userId,
  );
  const access = set!.owner_user_id === userId ? "owner" : share!.level;
  const members = Object.keys(memberState(sandbox, id)).length;
  const [{ n: associated }] = rows<{ n: number }>(
    sandbox,
    `SELECT COUNT(*) AS n FROM set_associated_listings s JOIN listings l ON l.svc_id = s.listing_svc_id
      WHERE s.set_id = ? AND (l.owner_user_id = ? OR l.svc_id IN (SELECT listing_svc_id FROM listing_access WHERE user_id = ?))`,
    id,
    userId,
    userId,
  ) as [{ n: number }];
  const collaborators = rows<{ user_id: string; level: string }>(
    sandbox,
    `SELECT user_id, level FROM set_shares WHERE set_id = ?`,
    id,
  );
  return {
    access,
    kind: set!.kind ?? "other",
    is_paid: set!.is_paid === 1,
    member_count: members,
    associated_listing_count: associated,
    collaborators: access === "owner" || access === "M" ? collaborators : undefined,
  };
}

describe("GET /sets and GET /sets/{set_id}", () => {
  it("sets shared with the caller are included everywhere: listed with access, readable by id", async () => {
    for (const persona of [
      "owner",
      "manager",
      "editor",
      "restricted_editor",
      "viewer",
      "outsider",
    ] as const) {
      const userId = p[persona].user_id;
      const expected = rows<{ id: string }>(
        sandbox,
        `SELECT id FROM sets WHERE owner_user_id = ? OR id IN (SELECT set_id FROM set_shares WHERE user_id = ?)`,
        userId,
        userId,
      ).map((r) => r.id);
      const { sets, total } = await listSets(p[persona].keys.standard);
      expect(sets.map((s) => s.id).sort(), persona).toEqual(expected.sort());
      expect(total).toBe(expected.length);
      for (const set of sets) {
        const want = expectedRecord(set.id, userId);
        const { collaborators, ...scalars } = want;
        expect(set, `${persona} ${set.name}`).toMatchObject(scalars);
        // Collaborators: seen by the owner and managers only.
        if (!collaborators) expect(set.collaborators).toBeUndefined();
        else {
          const seen = set.collaborators!.map(({ user_id, level }) => ({ user_id, level }));
          expect(seen).toHaveLength(collaborators.length);
          expect(seen).toEqual(expect.arrayContaining(collaborators));
        }
        const one = await call(sandbox, "GET", `/sets/${set.id}`, { key: p[persona].keys.standard });
        expect(schemas.record.parse(one.json)).toEqual(set);
      }
    }
    // The viewer reaches the paid set only through its share; the outsider sees no set at all.
    const viewerSets = await listSets(p.viewer.keys.standard);
    expect(viewerSets.sets.find((s) => s.name === SEEDED.paid)?.access).toBe("R");
    expectError(
      await call(sandbox, "GET", `/sets/${setId(sandbox, SEEDED.paid)}`, { key: p.outsider.keys.standard }),
      404,
      "set_not_found",
    );
  });

  it("a set with no kind reports other; unknown set id answers 404", async () => {
    const { sets } = await listSets(p.owner.keys.standard);
    expect(sets.find((s) => s.name === SEEDED.shortlist)?.kind).toBe("other");
    expectError(
      await call(sandbox, "GET", "/sets/set_000000000000", { key: p.owner.keys.standard }),
      404,
      "set_not_found",
    );
  });

  it("a channel integration key may use sets: it answers what the standard key answers", async () => {
    const standard = await listSets(p.owner.keys.standard);
    const integration = await listSets(p.owner.keys.channel_integration!);
    expect(integration.sets).toEqual(standard.sets);
  });

  it("read-only keys cannot create sets (403 read_only_key, nothing created)", async () => {
    const before = setCount();
    const [candidate] = nonMemberCandidates(sandbox, "none", 1);
    expectError(
      await createSet(p.owner.keys.read_only!, { name: "RO", listing_ids: [candidate] }),
      403,
      "read_only_key",
    );
    expect(setCount()).toBe(before);
  });
});

describe("GET /sets filters and pagination", () => {
  beforeAll(async () => {
    const ids = nonMemberCandidates(sandbox, "none", 3);
    for (const [name, kind] of [
      ["Promo 100% a_b.c", "promo"],
      ["promo 100x aXbYc", "PROMO"],
      ["Promo plain", undefined],
    ] as const) {
      const res = await createSet(p.outsider.keys.standard, {
        name,
        ...(kind ? { kind } : {}),
        listing_ids: ids,
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
    }
  });
  const outsider = (query: string) => listSets(p.outsider.keys.standard, query);

  it("name filter: case-insensitive, * any run of characters, whole-name match without *", async () => {
    expect(names((await outsider("name=PROMO%20PLAIN")).sets)).toEqual(["Promo plain"]);
    expect(names((await outsider("name=promo")).sets)).toEqual([]);
    expect(names((await outsider("name=promo*")).sets)).toEqual([
      "Promo 100% a_b.c",
      "Promo plain",
      "promo 100x aXbYc",
    ]);
    expect(names((await outsider("name=*PLAIN")).sets)).toEqual(["Promo plain"]);
    expect(names((await outsider("name=p*1*c")).sets)).toEqual(["Promo 100% a_b.c", "promo 100x aXbYc"]);
    const owner = await listSets(p.owner.keys.standard, "name=*beach*");
    expect(names(owner.sets)).toEqual([SEEDED.paid]);
  });

  it("name filter: %, _ and . in a name are literal", async () => {
    expect(names((await outsider(`name=${encodeURIComponent("promo 100% a_b.c")}`)).sets)).toEqual([
      "Promo 100% a_b.c",
    ]);
    expect(names((await outsider(`name=${encodeURIComponent("*a_b.c")}`)).sets)).toEqual([
      "Promo 100% a_b.c",
    ]);
    expect(names((await outsider(`name=${encodeURIComponent("promo 100% a.b_c")}`)).sets)).toEqual([]);
    expect(names((await outsider(`name=${encodeURIComponent("Promo 1__% a_b.c")}`)).sets)).toEqual([]);
    expect(names((await outsider(`name=${encodeURIComponent("Promo.*")}`)).sets)).toEqual([]);
  });

  it("kind filter: one or several comma-separated values, other matches sets with no kind; name and kind together AND", async () => {
    const owner = p.owner.keys.standard;
    const byKind = (kind: string) =>
      rows<{ name: string }>(
        sandbox,
        `SELECT name FROM sets WHERE COALESCE(kind, 'other') = ? AND (owner_user_id = ? OR id IN (SELECT set_id FROM set_shares WHERE user_id = ?))`,
        kind,
        p.owner.user_id,
        p.owner.user_id,
      ).map((r) => r.name);
    expect(names((await listSets(owner, "kind=competitors")).sets)).toEqual(byKind("competitors").sort());
    expect(names((await listSets(owner, "kind=luxury,other")).sets)).toEqual(
      [...byKind("luxury"), ...byKind("other")].sort(),
    );
    expect(names((await listSets(owner, "kind=luxury&kind=other")).sets)).toEqual(
      [...byKind("luxury"), ...byKind("other")].sort(),
    );
    expect(names((await outsider("kind=other")).sets)).toEqual(["Promo plain"]);
    expect(names((await outsider("kind=promo")).sets)).toEqual(["Promo 100% a_b.c"]);
    expect(names((await outsider("kind=promo,other&name=*plain")).sets)).toEqual(["Promo plain"]);
    expect(names((await outsider("kind=promo&name=*plain")).sets)).toEqual([]);
  });

  it("paginates with page, offset and per_page and X-Total-Count", async () => {
    const owner = p.owner.keys.standard;
    const all = await listSets(owner);
    expect(all.total).toBe(all.sets.length);
    const pages = [];
    for (let page = 1; page <= Math.ceil(all.total / 2); page++) {
      const { sets, total } = await listSets(owner, `page=${page}&per_page=2`);
      expect(total).toBe(all.total);
      pages.push(...sets);
    }
    expect(pages).toEqual(all.sets);
    expect((await listSets(owner, "offset=1&per_page=3")).sets).toEqual(all.sets.slice(1, 4));
    expectError(await call(sandbox, "GET", "/sets?page=1&offset=2", { key: owner }), 400, "invalid_query");
    expectError(await call(sandbox, "GET", "/sets?per_page=101", { key: owner }), 400, "invalid_query");
  });
});
