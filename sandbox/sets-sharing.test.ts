import { beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "./app";
import {
  SEEDED,
  changelogRows,
  memberState,
  nonMemberCandidates,
  schemas,
  setId,
  associatedIds as sharedAssociatedIds,
  newSet as sharedNewSet,
  ownListings as sharedOwnListings,
} from "./sets-support";
import {
  call,
  expectError,
  makeSandbox,
  personaKeys,
  rows,
  type PersonaName,
  type Personas,
} from "./test-support";

// POST /sets/{id}/share, POST /sets/{id}/upgrade and the paid-only changelog. Tests compare the database before and after instead of resetting the world.
let sandbox: Sandbox;
let p: Personas;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
});

const share = (id: string, key: string, shares: unknown) =>
  call(sandbox, "POST", `/sets/${id}/share`, { key, body: { shares } });
const shares = (id: string) =>
  rows<{ user_id: string; level: string }>(
    sandbox,
    `SELECT user_id, level FROM set_shares WHERE set_id = ? ORDER BY user_id`,
    id,
  );
const setRow = (id: string) => rows(sandbox, `SELECT * FROM sets WHERE id = ?`, id)[0];
const visibleTo = async (id: string, persona: PersonaName) => {
  const res = await call(sandbox, "GET", `/sets/${id}`, { key: p[persona].keys.standard });
  return res.status;
};
const ownListings = (persona: PersonaName) => sharedOwnListings(sandbox, p[persona].user_id);
const associatedIds = (id: string) => sharedAssociatedIds(sandbox, id);
/** A fresh set owned by `owner` persona, created through the API. */
const newSet = (owner: PersonaName, name: string) => sharedNewSet(sandbox, p[owner].keys.standard, name);

describe("POST /sets/{set_id}/share", () => {
  it("rule 3: only the owner or a manager shares (F, E, R: 403, nothing written)", async () => {
    const id = setId(sandbox, SEEDED.paid);
    const before = { shares: shares(id), changelog: changelogRows(sandbox, id).length };
    for (const persona of ["editor", "restricted_editor", "viewer"] as const) {
      expectError(
        await share(id, p[persona].keys.standard, [{ user_id: p.outsider.user_id, level: "R" }]),
        403,
        "forbidden",
      );
    }
    expect({ shares: shares(id), changelog: changelogRows(sandbox, id).length }).toEqual(before);
    // The manager may.
    const res = await share(id, p.manager.keys.standard, [{ email: p.outsider.email, level: "R" }]);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const record = schemas.record.parse(res.json);
    expect(record.access).toBe("M");
    expect(record.collaborators).toContainEqual({
      user_id: p.outsider.user_id,
      email: p.outsider.email,
      level: "R",
    });
    expect(changelogRows(sandbox, id)[0]).toMatchObject({
      action: "shared",
      actor_user_id: p.manager.user_id,
    });
    expect(await visibleTo(id, "outsider")).toBe(200);
  });

  it("re-sharing replaces the level; level N revokes (the user no longer sees the set: 404)", async () => {
    const id = await newSet("owner", "Share cycle");
    const owner = p.owner.keys.standard;
    expect(await visibleTo(id, "outsider")).toBe(404);
    expect((await share(id, owner, [{ user_id: p.outsider.user_id, level: "R" }])).status).toBe(200);
    const listed = await call(sandbox, "GET", "/sets?name=Share%20cycle", { key: p.outsider.keys.standard });
    expect(schemas.list.parse(listed.json).map((s) => [s.id, s.access])).toEqual([[id, "R"]]);
    expect((await share(id, owner, [{ email: p.outsider.email.toUpperCase(), level: "F" }])).status).toBe(
      200,
    );
    expect(shares(id)).toEqual([{ user_id: p.outsider.user_id, level: "F" }]);
    // The outsider can now edit members.
    const [fresh] = nonMemberCandidates(sandbox, id, 1);
    const put = await call(sandbox, "PUT", `/sets/${id}/listings`, {
      key: p.outsider.keys.standard,
      body: { listing_ids: [fresh], status: "active" },
    });
    expect(put.status).toBe(200);
    const revoked = await share(id, owner, [{ user_id: p.outsider.user_id, level: "N" }]);
    expect(schemas.record.parse(revoked.json).collaborators).toEqual([]);
    expect(shares(id)).toEqual([]);
    const missing = await call(sandbox, "GET", `/sets/set_000000000000`, { key: p.outsider.keys.standard });
    const gone = await call(sandbox, "GET", `/sets/${id}`, { key: p.outsider.keys.standard });
    expectError(gone, 404, "set_not_found");
    expect(JSON.stringify(gone.json).replace(id, "ID")).toBe(
      JSON.stringify(missing.json).replace("set_000000000000", "ID"),
    );
    const actions = changelogRows(sandbox, id).map((r) => r.action);
    expect(actions.filter((a) => a === "shared")).toHaveLength(3);
    // Revoking someone without access, or repeating a level, records nothing.
    const count = changelogRows(sandbox, id).length;
    expect((await share(id, owner, [{ user_id: p.outsider.user_id, level: "N" }])).status).toBe(200);
    expect(changelogRows(sandbox, id)).toHaveLength(count);
  });

  it("sharing by email or user_id: an unknown user answers 422 unknown_users, nothing written", async () => {
    const id = setId(sandbox, SEEDED.shortlist);
    const before = shares(id);
    const error = expectError(
      await share(id, p.owner.keys.standard, [
        { user_id: p.viewer.user_id, level: "R" },
        { email: "nobody@nowhere.example", level: "R" },
        { user_id: "usr_nobody", level: "F" },
      ]),
      422,
      "unknown_users",
    );
    expect(error.details?.users).toEqual(["nobody@nowhere.example", "usr_nobody"]);
    expect(shares(id)).toEqual(before);
  });

  it("sharing with yourself or the owner answers 422 invalid_share, nothing written", async () => {
    const id = setId(sandbox, SEEDED.paid);
    const before = shares(id);
    expectError(
      await share(id, p.owner.keys.standard, [{ user_id: p.owner.user_id, level: "R" }]),
      422,
      "invalid_share",
    );
    expectError(
      await share(id, p.manager.keys.standard, [{ email: p.owner.email, level: "N" }]),
      422,
      "invalid_share",
    );
    const self = expectError(
      await share(id, p.manager.keys.standard, [
        { user_id: p.viewer.user_id, level: "F" },
        { user_id: p.manager.user_id, level: "N" },
      ]),
      422,
      "invalid_share",
    );
    expect(self.details?.users).toEqual([p.manager.user_id]);
    expect(shares(id)).toEqual(before);
  });

  it("bad share bodies answer 400 naming the field, nothing written", async () => {
    const id = setId(sandbox, SEEDED.shortlist);
    const key = p.owner.keys.standard;
    const before = shares(id);
    const cases: Array<[unknown, string]> = [
      [[], "shares"],
      [[{ user_id: p.viewer.user_id, level: "X" }], "shares.0.level"],
      [[{ level: "R" }], "shares.0.user_id"],
      [[{ user_id: p.viewer.user_id, email: p.viewer.email, level: "R" }], "shares.0.user_id"],
      [[{ email: "not-an-email", level: "R" }], "shares.0.email"],
      [
        [
          { user_id: p.viewer.user_id, level: "R" },
          { email: p.viewer.email, level: "F" },
        ],
        "shares.1",
      ],
      [Array.from({ length: 101 }, () => ({ user_id: p.viewer.user_id, level: "R" })), "shares"],
    ];
    for (const [body, field] of cases) {
      const error = expectError(await share(id, key, body), 400, "invalid_body");
      expect(error.details?.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    expectError(
      await share("set_missing", key, [{ user_id: p.viewer.user_id, level: "R" }]),
      404,
      "set_not_found",
    );
    expect(shares(id)).toEqual(before);
  });
});

describe("POST /sets/{set_id}/upgrade and the paid-only changelog", () => {
  it("a paid-only endpoint on a free set answers exactly what a missing set answers", async () => {
    const id = await newSet("owner", "Free, then gone");
    const key = p.owner.keys.standard;
    const free = await call(sandbox, "GET", `/sets/${id}/changelog`, { key });
    expectError(free, 404, "set_not_found");
    const other = await call(sandbox, "GET", `/sets/set_ffffffffffff/changelog`, { key });
    expect(other.status).toBe(404);
    expect(JSON.stringify(free.json).replaceAll(id, "ID")).toBe(
      JSON.stringify(other.json).replaceAll("set_ffffffffffff", "ID"),
    );
    // Byte for byte with the same id once the set really is missing.
    const before = JSON.stringify(free.json);
    sandbox.ctx.db.prepare(`DELETE FROM sets WHERE id = ?`).run(id);
    const missing = await call(sandbox, "GET", `/sets/${id}/changelog`, { key });
    expect(missing.status).toBe(free.status);
    expect(JSON.stringify(missing.json)).toBe(before);
    expect(missing.headers.get("content-type")).toBe(free.headers.get("content-type"));
  });

  it("upgrade only on a free set (paid: 409 already_paid), by the owner or a manager (F/E/R: 403)", async () => {
    const paid = setId(sandbox, SEEDED.paid);
    const before = setRow(paid);
    for (const persona of ["editor", "restricted_editor", "viewer"] as const) {
      expectError(
        await call(sandbox, "POST", `/sets/${paid}/upgrade`, { key: p[persona].keys.standard }),
        403,
        "forbidden",
      );
    }
    expectError(
      await call(sandbox, "POST", `/sets/${paid}/upgrade`, { key: p.manager.keys.standard }),
      409,
      "already_paid",
    );
    expectError(
      await call(sandbox, "POST", `/sets/${paid}/upgrade`, { key: p.owner.keys.standard }),
      409,
      "already_paid",
    );
    expectError(
      await call(sandbox, "POST", `/sets/set_missing/upgrade`, { key: p.owner.keys.standard }),
      404,
      "set_not_found",
    );
    expect(setRow(paid)).toEqual(before);
  });

  it("upgrade charges the billable user, the set owner, even when a manager buys it", async () => {
    const id = await newSet("owner", "To upgrade");
    expect(
      (
        await share(id, p.owner.keys.standard, [
          { user_id: p.manager.user_id, level: "M" },
          { user_id: p.editor.user_id, level: "F" },
        ])
      ).status,
    ).toBe(200);
    expectError(
      await call(sandbox, "POST", `/sets/${id}/upgrade`, { key: p.editor.keys.standard }),
      403,
      "forbidden",
    );
    await sandbox.ctx.clock.advance(60);
    const res = await call(sandbox, "POST", `/sets/${id}/upgrade`, { key: p.manager.keys.standard });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const upgraded = schemas.upgraded.parse(res.json);
    expect(upgraded).toMatchObject({ id, is_paid: true, billed_user_id: p.owner.user_id, access: "M" });
    expect(setRow(id)).toMatchObject({
      is_paid: 1,
      billed_user_id: p.owner.user_id,
      updated_at: upgraded.updated_at,
    });
    // Now the paid-only changelog answers, newest first, with the whole history.
    const log = await call(sandbox, "GET", `/sets/${id}/changelog`, { key: p.editor.keys.standard });
    expect(log.status).toBe(200);
    const entries = schemas.changelog.parse(log.json);
    expect(entries.map((e) => e.action)).toEqual(["upgraded", "shared", "shared", "created"]);
    expect(entries[0]).toMatchObject({
      actor: { user_id: p.manager.user_id, email: p.manager.email },
      details: { billed_user_id: p.owner.user_id },
    });
    expect(entries[0]!.at).toBe(upgraded.updated_at);
    expectError(
      await call(sandbox, "POST", `/sets/${id}/upgrade`, { key: p.owner.keys.standard }),
      409,
      "already_paid",
    );
  });

  it("changelog: every change recorded, newest first, paginated", async () => {
    const id = setId(sandbox, SEEDED.large);
    const key = p.owner.keys.standard;
    const [member] = Object.keys(memberState(sandbox, id));
    const [fresh] = nonMemberCandidates(sandbox, id, 1);
    const [own] = ownListings("owner").filter((l) => !associatedIds(id).includes(l.svc_id));
    const steps: Array<[string, string, unknown, string]> = [
      ["PUT", `/sets/${id}/listings`, { listing_ids: [fresh], status: "suggested" }, "member_added"],
      ["PUT", `/sets/${id}/listings`, { listing_ids: [fresh], status: "active" }, "member_status_changed"],
      ["DELETE", `/sets/${id}/listings`, { listing_ids: [member] }, "member_removed"],
      ["POST", `/sets/${id}/share`, { shares: [{ user_id: p.viewer.user_id, level: "R" }] }, "shared"],
      [
        "PUT",
        `/sets/${id}/associated_listings?channel=svc`,
        { listing_ids: [own!.svc_id] },
        "associated_listing_added",
      ],
      [
        "DELETE",
        `/sets/${id}/associated_listings?channel=${own!.channel}`,
        { listing_ids: [own!.channel_listing_id] },
        "associated_listing_removed",
      ],
    ];
    for (const [method, url, body] of steps) {
      await sandbox.ctx.clock.advance(1);
      const res = await call(sandbox, method, url, { key, body });
      expect(res.status, `${method} ${url} ${JSON.stringify(res.json)}`).toBe(200);
    }
    const total = changelogRows(sandbox, id).length;
    const first = await call(sandbox, "GET", `/sets/${id}/changelog?per_page=${steps.length}`, { key });
    expect(Number(first.headers.get("X-Total-Count"))).toBe(total);
    const newest = schemas.changelog.parse(first.json);
    expect(newest.map((e) => e.action)).toEqual(steps.map((s) => s[3]).reverse());
    expect(newest.find((e) => e.action === "associated_listing_added")?.listing_ids).toEqual([own!.svc_id]);
    const ats = newest.map((e) => e.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    const rest = await call(sandbox, "GET", `/sets/${id}/changelog?page=2&per_page=${steps.length}`, { key });
    const older = schemas.changelog.parse(rest.json);
    expect([...newest, ...older].map((e) => e.id)).toEqual(
      changelogRows(sandbox, id)
        .slice(0, steps.length * 2)
        .map((r) => r.id),
    );
    expect(older[0]!.at <= newest.at(-1)!.at).toBe(true);
    // Readers of a shared paid set read it too; the seeded history starts with `created`.
    const viewer = await call(sandbox, "GET", `/sets/${id}/changelog?offset=${total - 1}`, {
      key: p.viewer.keys.standard,
    });
    expect(schemas.changelog.parse(viewer.json).map((e) => e.action)).toEqual(["created"]);
  });
});
