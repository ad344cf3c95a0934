import { beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "./app";
import { allListings, call, expectError, makeSandbox, personaKeys, type Personas } from "./test-support";
import { accessOn, listingCountOf } from "./team-support";

let sandbox: Sandbox;
let p: Personas;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
});

const owner = () => p.owner.keys.standard;
const accessOf = (userId: string) => accessOn(sandbox, userId, p.owner.user_id);
const ownerListingCount = () => listingCountOf(sandbox, p.owner.user_id);

describe("team memberships (member side)", () => {
  it("rule: memberships list the teams the caller belongs to, from the member's side", async () => {
    const res = await call(sandbox, "GET", "/teams/memberships", { key: p.restricted_editor.keys.standard });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { master_user_id: p.owner.user_id, email: p.owner.email, level: "restricted_editor", status: "active" },
    ]);
    expect((await call(sandbox, "GET", "/teams/memberships", { key: p.owner.keys.standard })).json).toEqual(
      [],
    );
  });

  it("rule: a membership's user id usable as owner_user_id on GET /listings filters to that owner's listings", async () => {
    const [membership] = (await call(sandbox, "GET", "/teams/memberships", { key: p.manager.keys.standard }))
      .json;
    const filtered = await allListings(
      sandbox,
      p.manager.keys.standard,
      `owner_user_id=${membership.master_user_id}`,
    );
    expect(filtered).toHaveLength(ownerListingCount());
    expect(new Set(filtered.map((l) => l.owner_user.id))).toEqual(new Set([p.owner.user_id]));
    const everything = await allListings(sandbox, p.manager.keys.standard);
    expect(everything.length).toBeGreaterThan(filtered.length);
  });

  it("rule: accept (POST) makes an invitation active with access; leave (DELETE) ends it and the access", async () => {
    const outsider = p.outsider;
    await call(sandbox, "POST", "/teams/members/invite", {
      key: owner(),
      body: { email: outsider.email, level: "editor" },
    });
    const listed = (await call(sandbox, "GET", "/teams/memberships", { key: outsider.keys.standard })).json;
    expect(listed).toEqual([
      { master_user_id: p.owner.user_id, email: p.owner.email, level: "editor", status: "invited" },
    ]);
    expect(await allListings(sandbox, outsider.keys.standard, `owner_user_id=${p.owner.user_id}`)).toEqual(
      [],
    );

    const accepted = await call(sandbox, "POST", `/teams/memberships/${p.owner.user_id}`, {
      key: outsider.keys.standard,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.json.status).toBe("active");
    const reached = await allListings(sandbox, outsider.keys.standard, `owner_user_id=${p.owner.user_id}`);
    expect(reached).toHaveLength(ownerListingCount());
    expect(new Set(reached.map((l) => l.access_level))).toEqual(new Set(["editor"]));
    // Accepting again changes nothing.
    expect(
      (await call(sandbox, "POST", `/teams/memberships/${p.owner.user_id}`, { key: outsider.keys.standard }))
        .json,
    ).toEqual(accepted.json);

    const left = await call(sandbox, "DELETE", `/teams/memberships/${p.owner.user_id}`, {
      key: outsider.keys.standard,
    });
    expect(left.status).toBe(204);
    expect(accessOf(outsider.user_id)).toEqual([]);
    expect((await call(sandbox, "GET", "/teams/memberships", { key: outsider.keys.standard })).json).toEqual(
      [],
    );
    expectError(
      await call(sandbox, "DELETE", `/teams/memberships/${p.owner.user_id}`, { key: outsider.keys.standard }),
      404,
      "membership_not_found",
    );
    expectError(
      await call(sandbox, "POST", `/teams/memberships/${p.viewer.user_id}`, { key: outsider.keys.standard }),
      404,
      "membership_not_found",
    );
  });
});
