import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../lib/svc/endpoints";
import type { Sandbox } from "./app";
import {
  allListings,
  call,
  expectError,
  makeSandbox,
  personaKeys,
  rows,
  type Personas,
} from "./test-support";
import { accessOn, listingCountOf } from "./team-support";

let sandbox: Sandbox;
let p: Personas;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
});

const owner = () => p.owner.keys.standard;
const teamRows = () => rows(sandbox, `SELECT * FROM team_members ORDER BY owner_user_id, member_user_id`);
const accessOf = (userId: string) => accessOn(sandbox, userId, p.owner.user_id);
const ownerListingCount = () => listingCountOf(sandbox, p.owner.user_id);

/** A segment of `userId`, made directly in the segments group's table when none is seeded. */
function segmentOf(userId: string): string {
  const [found] = rows<{ id: string }>(
    sandbox,
    `SELECT id FROM segments WHERE owner_user_id = ? ORDER BY id`,
    userId,
  );
  if (found) return found.id;
  const id = `seg_test_${userId.slice(-6)}`;
  sandbox.ctx.db
    .prepare(
      `INSERT INTO segments (id, owner_user_id, name, filter_backend, default_status, created_at, updated_at)
       VALUES (?, ?, 'Test segment', '{}', 'active', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`,
    )
    .run(id, userId);
  return id;
}

/** Tests of this block share one world: each works on a different member, in file order. */
describe("team members (owner side)", () => {
  it("rule: members list is the owner's team: the four team personas with their levels", async () => {
    const res = await call(sandbox, "GET", "/teams/members", { key: owner() });
    expect(res.status).toBe(200);
    endpoints["team.membersList"].response.parse(res.json);
    const byUser = Object.fromEntries(
      res.json.map((m: { user_id: string; level: string }) => [m.user_id, m]),
    );
    for (const persona of ["manager", "editor", "restricted_editor", "viewer"] as const) {
      expect(byUser[p[persona].user_id]).toMatchObject({
        level: persona,
        status: "active",
        email: p[persona].email,
      });
    }
    expect(res.json).toHaveLength(4);
    // The outsider owns no team: an empty one.
    expect((await call(sandbox, "GET", "/teams/members", { key: p.outsider.keys.standard })).json).toEqual(
      [],
    );
  });

  it("rule: invite answers 201 for an existing user or a new email; a duplicate is 409, yourself 422", async () => {
    const existing = await call(sandbox, "POST", "/teams/members/invite", {
      key: owner(),
      body: { email: p.outsider.email.toUpperCase(), level: "viewer" },
    });
    expect(existing.status).toBe(201);
    expect(existing.json).toMatchObject({ user_id: p.outsider.user_id, status: "invited", level: "viewer" });
    // An invitation grants nothing until accepted.
    expect(accessOf(p.outsider.user_id)).toEqual([]);

    const fresh = await call(sandbox, "POST", "/teams/members/invite", {
      key: owner(),
      body: { email: "new.hire@harthomes.example", level: "editor" },
    });
    expect(fresh.status).toBe(201);
    expect(fresh.json).toMatchObject({
      email: "new.hire@harthomes.example",
      first_name: null,
      status: "invited",
    });
    expect(rows(sandbox, `SELECT id FROM users WHERE email = 'new.hire@harthomes.example'`)).toHaveLength(1);

    const before = teamRows();
    const dup = expectError(
      await call(sandbox, "POST", "/teams/members/invite", {
        key: owner(),
        body: { email: p.editor.email, level: "viewer" },
      }),
      409,
      "already_member",
    );
    expect(dup.details?.user_id).toBe(p.editor.user_id);
    expectError(
      await call(sandbox, "POST", "/teams/members/invite", {
        key: owner(),
        body: { email: p.owner.email, level: "viewer" },
      }),
      422,
      "cannot_invite_self",
    );
    expect(teamRows()).toEqual(before);
    const members = (await call(sandbox, "GET", "/teams/members", { key: owner() })).json;
    expect(members).toHaveLength(6);
  });

  it("rule: bad input (wrong types, unknown level, bad or oversized email) answers 400 naming the field, nothing written", async () => {
    const before = { team: teamRows(), users: rows(sandbox, `SELECT id FROM users`) };
    const cases: Array<[unknown, string]> = [
      [{ email: "someone@example.com", level: "owner" }, "level"],
      [{ email: "not-an-email", level: "viewer" }, "email"],
      [{ email: 42, level: "viewer" }, "email"],
      [{ email: `${"a".repeat(250)}@example.com`, level: "viewer" }, "email"],
      [{ level: "viewer" }, "email"],
    ];
    for (const [body, field] of cases) {
      const err = expectError(
        await call(sandbox, "POST", "/teams/members/invite", { key: owner(), body }),
        400,
        "invalid_body",
      );
      expect(
        err.details?.fields.map((f: { field: string }) => f.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    const id = p.viewer.user_id;
    const level = expectError(
      await call(sandbox, "POST", `/teams/members/${id}/auto_managed_listing_level`, {
        key: owner(),
        body: { level: "boss" },
      }),
      400,
      "invalid_body",
    );
    expect(level.details?.fields[0].field).toBe("level");
    const segs = expectError(
      await call(sandbox, "POST", `/teams/members/${id}/assigned_segments`, {
        key: owner(),
        body: { segment_ids: "seg_1" },
      }),
      400,
    );
    expect(segs.details?.fields[0].field).toBe("segment_ids");
    expect({ team: teamRows(), users: rows(sandbox, `SELECT id FROM users`) }).toEqual(before);
  });

  it("rule: remove answers 204, revokes the member's listing_access and they lose access", async () => {
    const editor = p.editor;
    expect(accessOf(editor.user_id)).toHaveLength(ownerListingCount());
    const res = await call(sandbox, "DELETE", `/teams/members/${editor.user_id}`, { key: owner() });
    expect(res.status).toBe(204);
    expect(accessOf(editor.user_id)).toEqual([]);
    expect(rows(sandbox, `SELECT * FROM team_members WHERE member_user_id = ?`, editor.user_id)).toEqual([]);
    const seen = await allListings(sandbox, editor.keys.standard);
    expect(seen.filter((l) => l.owner_user.id === p.owner.user_id)).toEqual([]);
    expect(seen.length).toBeGreaterThan(0); // their own listings stay
    expectError(
      await call(sandbox, "DELETE", `/teams/members/${editor.user_id}`, { key: owner() }),
      404,
      "member_not_found",
    );
  });

  it("rule: auto_managed_listing_level is set per member; refresh_auto_managed_listings applies it to listing_access", async () => {
    const viewer = p.viewer.user_id;
    const set = await call(sandbox, "POST", `/teams/members/${viewer}/auto_managed_listing_level`, {
      key: owner(),
      body: { level: "editor" },
    });
    expect(set.status).toBe(200);
    expect(set.json).toMatchObject({
      user_id: viewer,
      level: "viewer",
      auto_managed_listing_level: "editor",
    });
    expect(new Set(accessOf(viewer).map((a) => a.level))).toEqual(new Set(["viewer"]));

    const refresh = await call(sandbox, "POST", `/teams/members/${viewer}/refresh_auto_managed_listings`, {
      key: owner(),
    });
    expect(refresh.status).toBe(200);
    expect(refresh.json.listing_count).toBe(ownerListingCount());
    expect(accessOf(viewer)).toHaveLength(ownerListingCount());
    expect(new Set(accessOf(viewer).map((a) => a.level))).toEqual(new Set(["editor"]));
    const listings = await allListings(sandbox, p.viewer.keys.standard, `owner_user_id=${p.owner.user_id}`);
    expect(new Set(listings.map((l) => l.access_level))).toEqual(new Set(["editor"]));

    // null: no automatic level; a refresh then changes nothing.
    await call(sandbox, "POST", `/teams/members/${viewer}/auto_managed_listing_level`, {
      key: owner(),
      body: { level: null },
    });
    const none = await call(sandbox, "POST", `/teams/members/${viewer}/refresh_auto_managed_listings`, {
      key: owner(),
    });
    expect(none.json.listing_count).toBe(0);
    expect(new Set(accessOf(viewer).map((a) => a.level))).toEqual(new Set(["editor"]));
  });

  it("rule: refresh on an invited member answers 409 and grants nothing", async () => {
    const invited = await call(sandbox, "POST", "/teams/members/invite", {
      key: owner(),
      body: { email: "pending.person@example.com", level: "viewer" },
    });
    const id = invited.json.user_id as string;
    await call(sandbox, "POST", `/teams/members/${id}/auto_managed_listing_level`, {
      key: owner(),
      body: { level: "manager" },
    });
    expectError(
      await call(sandbox, "POST", `/teams/members/${id}/refresh_auto_managed_listings`, { key: owner() }),
      409,
      "member_not_active",
    );
    expect(accessOf(id)).toEqual([]);
  });

  it("rule: assigned_segments takes the owner's segments only; unknown ones answer 400 naming them", async () => {
    const mine = segmentOf(p.owner.user_id);
    const theirs = segmentOf(p.outsider.user_id);
    const id = p.restricted_editor.user_id;
    const ok = await call(sandbox, "POST", `/teams/members/${id}/assigned_segments`, {
      key: owner(),
      body: { segment_ids: [mine] },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.assigned_segment_ids).toEqual([mine]);

    const bad = expectError(
      await call(sandbox, "POST", `/teams/members/${id}/assigned_segments`, {
        key: owner(),
        body: { segment_ids: [mine, theirs, "seg_missing"] },
      }),
      400,
      "invalid_body",
    );
    expect(bad.details?.segment_ids).toEqual([theirs, "seg_missing"]);
    expect(bad.details?.fields.map((f: { field: string }) => f.field)).toEqual([
      "segment_ids.1",
      "segment_ids.2",
    ]);
    expect(bad.message).toContain("seg_missing");
    // Nothing changed; an empty array clears.
    const now = (await call(sandbox, "GET", "/teams/members", { key: owner() })).json.find(
      (m: { user_id: string }) => m.user_id === id,
    );
    expect(now.assigned_segment_ids).toEqual([mine]);
    const cleared = await call(sandbox, "POST", `/teams/members/${id}/assigned_segments`, {
      key: owner(),
      body: { segment_ids: [] },
    });
    expect(cleared.json.assigned_segment_ids).toEqual([]);
  });

  it("rule: only the team owner manages members: a fellow member (even a manager) gets 403, others 404", async () => {
    const target = p.restricted_editor.user_id;
    const before = teamRows();
    for (const persona of ["manager", "viewer"] as const) {
      const key = p[persona].keys.standard;
      expectError(await call(sandbox, "DELETE", `/teams/members/${target}`, { key }), 403, "forbidden");
      expectError(
        await call(sandbox, "POST", `/teams/members/${target}/auto_managed_listing_level`, {
          key,
          body: { level: "viewer" },
        }),
        403,
        "forbidden",
      );
    }
    expectError(
      await call(sandbox, "DELETE", `/teams/members/${target}`, { key: p.outsider.keys.standard }),
      404,
      "member_not_found",
    );
    expectError(
      await call(sandbox, "DELETE", `/teams/members/${target}`, { key: p.owner.keys.read_only! }),
      403,
      "read_only_key",
    );
    expect(teamRows()).toEqual(before);
    expect(accessOf(target)).toHaveLength(ownerListingCount());
  });
});
