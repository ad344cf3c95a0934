import { beforeAll, describe, expect, it } from "vitest";
import type { MembersByStatus } from "../lib/svc/schemas/sets";
import type { Sandbox } from "./app";
import {
  SEEDED,
  changelogRows,
  ineligibleCandidate,
  memberState,
  nonMemberCandidates,
  schemas,
  setId,
} from "./sets-support";
import { call, expectError, makeSandbox, personaKeys, rows, type Personas } from "./test-support";

// GET/PUT/DELETE /sets/{set_id}/listings: the Dynamic sets rules 1, 2, 4 and 5, the E and R
// levels, and a filter-based set's sync. Tests read the state they start from (no resets:
// each compares with the database before and after), so they tolerate one another's writes.
let sandbox: Sandbox;
let p: Personas;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
});

const path = (id: string) => `/sets/${id}/listings`;
const put = (id: string, key: string, body: unknown) => call(sandbox, "PUT", path(id), { key, body });
const del = (id: string, key: string, body: unknown) => call(sandbox, "DELETE", path(id), { key, body });
const get = (id: string, key: string) => call(sandbox, "GET", path(id), { key });

/** Parses a grouped answer and checks it against the database: every membership once, under its status. */
function expectGrouped(res: { status: number; json: unknown }, id: string): MembersByStatus {
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const groups = schemas.members.parse(res.json);
  expect(Object.keys(groups).sort()).toEqual(["active", "inactive", "suggested"]);
  const answered = Object.fromEntries(
    (["active", "suggested", "inactive"] as const).flatMap((status) =>
      groups[status].map((m) => [m.listing_id, status] as const),
    ),
  );
  expect(answered).toEqual(memberState(sandbox, id));
  return groups;
}
const updatedAt = (id: string) =>
  rows<{ updated_at: string }>(sandbox, `SELECT updated_at FROM sets WHERE id = ?`, id)[0]!.updated_at;
const snapshot = (id: string) => ({
  members: memberState(sandbox, id),
  updated_at: updatedAt(id),
  changelog: changelogRows(sandbox, id).length,
});
const now = () =>
  sandbox.ctx.clock
    .now()
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z");
/** A timestamp the service wrote while handling a request made after `start` (the clock keeps running). */
const expectSince = (at: string | undefined, start: string) => {
  expect(at! >= start && at! <= now(), `${at} within [${start}, now]`).toBe(true);
};

describe("members by status", () => {
  it("members grouped by status in GET, PUT and DELETE (all keys)", async () => {
    const large = setId(sandbox, SEEDED.large);
    const owner = p.owner.keys.standard;
    const groups = expectGrouped(await get(large, owner), large);
    expect(groups.active.length && groups.suggested.length && groups.inactive.length).toBeGreaterThan(0);
    // Metrics come from the stored candidate rows.
    const first = groups.inactive[0]!;
    const [stored] = rows<{ metrics: string; amenities: string }>(
      sandbox,
      `SELECT * FROM market_listings WHERE listing_id = ?`,
      first.listing_id,
    );
    expect(first).toMatchObject({ ...JSON.parse(stored!.metrics), amenities: JSON.parse(stored!.amenities) });
    const paid = setId(sandbox, SEEDED.paid);
    const onlyActive = expectGrouped(await get(paid, p.viewer.keys.standard), paid);
    expect(onlyActive.suggested).toEqual([]);
    expect(onlyActive.inactive).toEqual([]);
    const moved = onlyActive.active.slice(0, 2).map((m) => m.listing_id);
    const afterPut = expectGrouped(await put(paid, owner, { listing_ids: moved, status: "suggested" }), paid);
    expect(afterPut.suggested.map((m) => m.listing_id).sort()).toEqual(moved.sort());
    const afterDelete = expectGrouped(await del(paid, owner, { listing_ids: [moved[0]] }), paid);
    expect(afterDelete.suggested.map((m) => m.listing_id)).toEqual([moved[1]]);
    expect(afterDelete.inactive).toEqual([]);
  });

  it("rule 5: membership data counts every status (member_count over the 25 limit)", async () => {
    const large = setId(sandbox, SEEDED.large);
    const memberships = Object.keys(memberState(sandbox, large)).length;
    expect(memberships).toBeGreaterThan(25);
    const record = schemas.record.parse(
      (await call(sandbox, "GET", `/sets/${large}`, { key: p.owner.keys.standard })).json,
    );
    expect(record.member_count).toBe(memberships);
    const groups = expectGrouped(await get(large, p.owner.keys.standard), large);
    expect(groups.active.length + groups.suggested.length + groups.inactive.length).toBe(memberships);
  });
});

describe("PUT /sets/{set_id}/listings", () => {
  it("rule 1: re-adding keeps one membership and takes the requested status (idempotent PUT)", async () => {
    const id = setId(sandbox, SEEDED.shortlist);
    const owner = p.owner.keys.standard;
    const [member] = Object.keys(memberState(sandbox, id));
    const [fresh] = nonMemberCandidates(sandbox, id, 1);
    await sandbox.ctx.clock.advance(60);
    const start = now();
    const first = expectGrouped(
      await put(id, owner, { listing_ids: [member, fresh, fresh], status: "inactive" }),
      id,
    );
    expect(first.inactive.map((m) => m.listing_id).sort()).toEqual([member, fresh].sort());
    expect(
      rows(sandbox, `SELECT * FROM set_members WHERE set_id = ? AND listing_id IN (?, ?)`, id, member, fresh),
    ).toHaveLength(2);
    expectSince(updatedAt(id), start);
    const [added, changed] = changelogRows(sandbox, id).slice(0, 2).reverse();
    expect(added).toMatchObject({
      action: "member_added",
      listing_ids: JSON.stringify([fresh]),
      actor_user_id: p.owner.user_id,
    });
    expect(changed).toMatchObject({ action: "member_status_changed", listing_ids: JSON.stringify([member]) });
    // The identical call again leaves the same state: same body, no new history, updated_at kept.
    const before = snapshot(id);
    await sandbox.ctx.clock.advance(60);
    const again = expectGrouped(
      await put(id, owner, { listing_ids: [member, fresh], status: "inactive" }),
      id,
    );
    expect(again).toEqual(first);
    expect(snapshot(id)).toEqual(before);
    // Re-adding with another status moves the single membership.
    expectGrouped(await put(id, owner, { listing_ids: [fresh], status: "active" }), id);
    expect(memberState(sandbox, id)[fresh!]).toBe("active");
  });

  it("rule 2: only eligible candidates can be added via PUT: 422 ineligible_listings, nothing in the request applied", async () => {
    const id = setId(sandbox, SEEDED.shortlist);
    const [fresh] = nonMemberCandidates(sandbox, id, 1);
    const [member] = Object.keys(memberState(sandbox, id));
    const bad = ineligibleCandidate(sandbox);
    const before = snapshot(id);
    const error = expectError(
      await put(id, p.owner.keys.standard, {
        listing_ids: [fresh, member, bad, "9999999"],
        status: "inactive",
      }),
      422,
      "ineligible_listings",
    );
    expect(error.details?.listing_ids).toEqual([bad, "9999999"]);
    expect(snapshot(id)).toEqual(before);
  });

  it("rule 4: editor or manager access to add/remove members of a shared set", async () => {
    const id = setId(sandbox, SEEDED.paid);
    for (const persona of ["editor", "manager"] as const) {
      const key = p[persona].keys.standard;
      const [fresh] = nonMemberCandidates(sandbox, id, 1);
      expectGrouped(await put(id, key, { listing_ids: [fresh], status: "active" }), id);
      expect(memberState(sandbox, id)[fresh!]).toBe("active");
      expect(changelogRows(sandbox, id)[0]).toMatchObject({
        action: "member_added",
        actor_user_id: p[persona].user_id,
      });
      expectGrouped(await del(id, key, { listing_ids: [fresh] }), id);
      expect(memberState(sandbox, id)[fresh!]).toBeUndefined();
      expect(changelogRows(sandbox, id)[0]).toMatchObject({
        action: "member_removed",
        listing_ids: JSON.stringify([fresh]),
      });
    }
  });

  it("E may only change member status: PUT of existing members OK; adding a listing or DELETE answers 403", async () => {
    const id = setId(sandbox, SEEDED.paid);
    const key = p.restricted_editor.keys.standard;
    const members = Object.keys(memberState(sandbox, id)).slice(0, 2);
    expectGrouped(await put(id, key, { listing_ids: members, status: "inactive" }), id);
    expect(members.map((m) => memberState(sandbox, id)[m])).toEqual(["inactive", "inactive"]);
    const before = snapshot(id);
    const [fresh] = nonMemberCandidates(sandbox, id, 1);
    expectError(await put(id, key, { listing_ids: [members[0], fresh], status: "active" }), 403, "forbidden");
    expectError(await del(id, key, { listing_ids: [members[0]] }), 403, "forbidden");
    expect(snapshot(id)).toEqual(before);
  });

  it("viewers (R) read only: every write answers 403 and nothing is written", async () => {
    const id = setId(sandbox, SEEDED.paid);
    const key = p.viewer.keys.standard;
    expectGrouped(await get(id, key), id);
    const [member] = Object.keys(memberState(sandbox, id));
    const [fresh] = nonMemberCandidates(sandbox, id, 1);
    const [owned] = rows<{ svc_id: string }>(
      sandbox,
      `SELECT svc_id FROM listings WHERE owner_user_id = ? LIMIT 1`,
      p.owner.user_id,
    );
    const before = {
      ...snapshot(id),
      shares: rows(sandbox, `SELECT * FROM set_shares`),
      associated: rows(sandbox, `SELECT * FROM set_associated_listings`),
    };
    const writes: Array<[string, string, unknown]> = [
      ["PUT", path(id), { listing_ids: [member], status: "inactive" }],
      ["PUT", path(id), { listing_ids: [fresh], status: "active" }],
      ["DELETE", path(id), { listing_ids: [member] }],
      ["POST", `/sets/${id}/share`, { shares: [{ user_id: p.outsider.user_id, level: "R" }] }],
      ["POST", `/sets/${id}/upgrade`, undefined],
      ["PUT", `/sets/${id}/associated_listings?channel=svc`, { listing_ids: [owned!.svc_id] }],
      ["DELETE", `/sets/${id}/associated_listings?channel=svc`, { listing_ids: [owned!.svc_id] }],
    ];
    for (const [method, url, body] of writes) {
      expectError(await call(sandbox, method, url, { key, body }), 403, "forbidden");
    }
    expect({
      ...snapshot(id),
      shares: rows(sandbox, `SELECT * FROM set_shares`),
      associated: rows(sandbox, `SELECT * FROM set_associated_listings`),
    }).toEqual(before);
  });

  it("bad input: unknown set 404; ids not strings, empty, too many, unknown status answer 400 naming the field, nothing written", async () => {
    const id = setId(sandbox, SEEDED.shortlist);
    const key = p.owner.keys.standard;
    const many = nonMemberCandidates(sandbox, id, 501);
    expectError(
      await put("set_missing", key, { listing_ids: [many[0]], status: "active" }),
      404,
      "set_not_found",
    );
    expectError(await del("set_missing", key, { listing_ids: [many[0]] }), 404, "set_not_found");
    expectError(await get("set_missing", key), 404, "set_not_found");
    // A set the caller cannot see is the same 404.
    expectError(
      await put(id, p.outsider.keys.standard, { listing_ids: [many[0]], status: "active" }),
      404,
      "set_not_found",
    );
    const before = snapshot(id);
    const cases: Array<[string, unknown, string]> = [
      ["PUT", { listing_ids: [5000001], status: "active" }, "listing_ids.0"],
      ["PUT", { listing_ids: [], status: "active" }, "listing_ids"],
      ["PUT", { listing_ids: many, status: "active" }, "listing_ids"],
      ["PUT", { listing_ids: [many[0]], status: "pending" }, "status"],
      ["PUT", { listing_ids: [many[0]] }, "status"],
      ["DELETE", { listing_ids: [] }, "listing_ids"],
      ["DELETE", { listing_ids: [null] }, "listing_ids.0"],
      ["DELETE", { listing_ids: many }, "listing_ids"],
    ];
    for (const [method, body, field] of cases) {
      const error = expectError(await call(sandbox, method, path(id), { key, body }), 400, "invalid_body");
      expect(error.details?.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    expect(snapshot(id)).toEqual(before);
  });

  it("updated_at moves on every change and DELETE of non-members changes nothing", async () => {
    const id = setId(sandbox, SEEDED.shortlist);
    const key = p.editor.keys.standard;
    const [member] = Object.keys(memberState(sandbox, id));
    await sandbox.ctx.clock.advance(3600);
    const start = now();
    expectGrouped(await del(id, key, { listing_ids: [member] }), id);
    const record = schemas.record.parse((await call(sandbox, "GET", `/sets/${id}`, { key })).json);
    expectSince(record.updated_at, start);
    expect(record.updated_at).toBe(changelogRows(sandbox, id)[0]!.at);
    const before = snapshot(id);
    await sandbox.ctx.clock.advance(60);
    expectGrouped(await del(id, key, { listing_ids: [member, ...nonMemberCandidates(sandbox, id, 1)] }), id);
    expect(snapshot(id)).toEqual(before);
  });
});

describe("filter-based sets", () => {
  it("a filter-based set's sync restores a member removed by DELETE (as suggested)", async () => {
    const id = setId(sandbox, SEEDED.filter);
    const owner = p.owner.keys.standard;
    const before = memberState(sandbox, id);
    const removed = Object.keys(before).find((m) => before[m] === "active")!;
    expectGrouped(await del(id, owner, { listing_ids: [removed] }), id);
    expect(memberState(sandbox, id)[removed]).toBeUndefined();
    await sandbox.ctx.clock.advance(60);
    const start = now();
    const sync = await call(sandbox, "POST", "/_sandbox/simulate", {
      body: { event: "set_sync", set_id: id },
    });
    expect(sync.status, JSON.stringify(sync.json)).toBe(200);
    expect(sync.json.added).toContain(removed);
    const after = expectGrouped(await get(id, owner), id);
    expect(after.suggested.map((m) => m.listing_id)).toContain(removed);
    // Every listing the sync added matches the filters: recomputed from the stored filters.
    const [{ filters }] = rows<{ filters: string }>(sandbox, `SELECT filters FROM sets WHERE id = ?`, id) as [
      { filters: string },
    ];
    const f = JSON.parse(filters) as { bedrooms_min: number; bedrooms_max: number };
    for (const m of after.suggested) {
      expect(m.bedrooms).toBeGreaterThanOrEqual(f.bedrooms_min);
      expect(m.bedrooms).toBeLessThanOrEqual(f.bedrooms_max);
    }
    const [synced] = changelogRows(sandbox, id);
    expect(synced).toMatchObject({ action: "synced", actor_user_id: null });
    expectSince(synced!.at, start);
    expect(JSON.parse(synced!.listing_ids!)).toEqual(sync.json.added);
    expect(updatedAt(id)).toBe(synced!.at);
    // A second sync finds nothing new and changes nothing.
    const state = snapshot(id);
    const again = await call(sandbox, "POST", "/_sandbox/simulate", {
      body: { event: "set_sync", set_id: id },
    });
    expect(again.json.added).toEqual([]);
    expect(snapshot(id)).toEqual(state);
  });
});
