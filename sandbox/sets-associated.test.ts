import { beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "./app";
import {
  SEEDED,
  changelogRows,
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

// GET/PUT/DELETE /sets/{set_id}/associated_listings (Authentication 6 and 7, the channel
// rule). Tests compare the database before and after instead of resetting the world.
let sandbox: Sandbox;
let p: Personas;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
});

const share = (id: string, key: string, shares: unknown) =>
  call(sandbox, "POST", `/sets/${id}/share`, { key, body: { shares } });
const ownListings = (persona: PersonaName) => sharedOwnListings(sandbox, p[persona].user_id);
const associatedIds = (id: string) => sharedAssociatedIds(sandbox, id);
/** A fresh set owned by `owner` persona, created through the API. */
const newSet = (owner: PersonaName, name: string) => sharedNewSet(sandbox, p[owner].keys.standard, name);

describe("associated listings", () => {
  it("GET answers the caller's visible associated listings as listing objects with is_hidden", async () => {
    const id = setId(sandbox, SEEDED.paid);
    for (const persona of ["owner", "viewer"] as const) {
      const res = await call(sandbox, "GET", `/sets/${id}/associated_listings`, {
        key: p[persona].keys.standard,
      });
      const listings = schemas.associated.parse(res.json);
      expect(listings.map((l) => l.svc_id)).toEqual(associatedIds(id));
      for (const listing of listings) {
        const one = await call(sandbox, "GET", `/listings/${listing.svc_id}?channel=svc`, {
          key: p[persona].keys.standard,
        });
        expect(listing).toEqual(one.json);
        expect(typeof listing.is_hidden).toBe("boolean");
      }
    }
    // The manager's set, shared read-only with the owner: the manager's own listing is not the owner's to see.
    const managers = setId(sandbox, SEEDED.managers);
    const ownerView = await call(sandbox, "GET", `/sets/${managers}/associated_listings`, {
      key: p.owner.keys.standard,
    });
    expect(ownerView.json).toEqual([]);
    expect(
      schemas.record.parse(
        (await call(sandbox, "GET", `/sets/${managers}`, { key: p.owner.keys.standard })).json,
      ).associated_listing_count,
    ).toBe(0);
    const managerView = await call(sandbox, "GET", `/sets/${managers}/associated_listings`, {
      key: p.manager.keys.standard,
    });
    expect(schemas.associated.parse(managerView.json).map((l) => l.svc_id)).toEqual(associatedIds(managers));
  });

  it("PUT needs manage access to each shared listing (viewer and restricted editor: 403) and set edit access", async () => {
    const id = await newSet("owner", "Associations");
    const owner = p.owner.keys.standard;
    const [a, b] = ownListings("owner");
    expect(
      (
        await share(id, owner, [
          { user_id: p.viewer.user_id, level: "F" },
          { user_id: p.restricted_editor.user_id, level: "F" },
          { user_id: p.editor.user_id, level: "E" },
          { user_id: p.manager.user_id, level: "M" },
        ])
      ).status,
    ).toBe(200);
    const putAs = (persona: PersonaName, ids: string[], channel = "svc") =>
      call(sandbox, "PUT", `/sets/${id}/associated_listings?channel=${channel}`, {
        key: p[persona].keys.standard,
        body: { listing_ids: ids },
      });
    // Set edit access alone is not enough: the listing level must be owner, manager or editor.
    expectError(await putAs("viewer", [a!.svc_id]), 403, "forbidden");
    expectError(await putAs("restricted_editor", [a!.svc_id]), 403, "forbidden");
    // A listing level that would do, but only E on the set.
    expectError(await putAs("editor", [a!.svc_id]), 403, "forbidden");
    expect(associatedIds(id)).toEqual([]);
    // Manager (M on the set, manager of the listing), by channel id.
    const res = await putAs("manager", [a!.channel_listing_id, a!.channel_listing_id], a!.channel);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(schemas.associated.parse(res.json).map((l) => [l.svc_id, l.access_level])).toEqual([
      [a!.svc_id, "manager"],
    ]);
    // One refused listing refuses the whole request.
    const outsiderListing = ownListings("outsider")[0]!;
    expectError(await putAs("owner", [b!.svc_id, outsiderListing.svc_id]), 404, "listing_not_found");
    expectError(
      await putAs("owner", [outsiderListing.channel_listing_id], outsiderListing.channel),
      403,
      "forbidden",
    );
    expect(associatedIds(id)).toEqual([a!.svc_id]);
    expect(
      schemas.record.parse((await call(sandbox, "GET", `/sets/${id}`, { key: owner })).json)
        .associated_listing_count,
    ).toBe(1);
    // Repeating it changes nothing.
    const count = changelogRows(sandbox, id).length;
    expect((await putAs("owner", [a!.svc_id])).status).toBe(200);
    expect(changelogRows(sandbox, id)).toHaveLength(count);
    // A hidden listing can be associated and says so.
    const [hidden] = rows<{ svc_id: string }>(
      sandbox,
      `SELECT svc_id FROM listings WHERE owner_user_id = ? AND is_hidden = 1 LIMIT 1`,
      p.owner.user_id,
    );
    const withHidden = schemas.associated.parse((await putAs("owner", [hidden!.svc_id])).json);
    expect(withHidden.find((l) => l.svc_id === hidden!.svc_id)?.is_hidden).toBe(true);
    const stored = rows<{ svc_id: string; is_hidden: number }>(
      sandbox,
      `SELECT svc_id, is_hidden FROM listings WHERE svc_id IN (?, ?) ORDER BY CAST(svc_id AS INTEGER)`,
      a!.svc_id,
      hidden!.svc_id,
    );
    expect(withHidden.map((l) => [l.svc_id, l.is_hidden])).toEqual(
      stored.map((r) => [r.svc_id, r.is_hidden === 1]),
    );
  });

  it("DELETE needs set edit access only; ids are read per the channel rule", async () => {
    const id = await newSet("owner", "Dissociations");
    const owner = p.owner.keys.standard;
    const [a, b] = ownListings("owner");
    await share(id, owner, [
      { user_id: p.viewer.user_id, level: "F" },
      { user_id: p.restricted_editor.user_id, level: "E" },
    ]);
    const put = await call(sandbox, "PUT", `/sets/${id}/associated_listings?channel=svc`, {
      key: owner,
      body: { listing_ids: [a!.svc_id, b!.svc_id] },
    });
    expect(schemas.associated.parse(put.json)).toHaveLength(2);
    const delAs = (persona: PersonaName, ids: string[], channel: string) =>
      call(sandbox, "DELETE", `/sets/${id}/associated_listings?channel=${channel}`, {
        key: p[persona].keys.standard,
        body: { listing_ids: ids },
      });
    expectError(await delAs("restricted_editor", [a!.svc_id], "svc"), 403, "forbidden");
    expectError(await delAs("outsider", [a!.svc_id], "svc"), 404, "set_not_found");
    // The viewer of the listings, with F on the set, may remove them.
    const res = await delAs("viewer", [a!.channel_listing_id], a!.channel);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(schemas.associated.parse(res.json).map((l) => l.svc_id)).toEqual([b!.svc_id]);
    expect(associatedIds(id)).toEqual([b!.svc_id]);
    expect(changelogRows(sandbox, id)[0]).toMatchObject({
      action: "associated_listing_removed",
      actor_user_id: p.viewer.user_id,
      listing_ids: JSON.stringify([a!.svc_id]),
    });
  });

  it("bad input on associated listings: channel required, empty or too many ids answer 400, nothing written", async () => {
    const id = setId(sandbox, SEEDED.shortlist);
    const key = p.owner.keys.standard;
    const before = associatedIds(id);
    expectError(
      await call(sandbox, "PUT", `/sets/${id}/associated_listings`, {
        key,
        body: { listing_ids: ["1000001"] },
      }),
      400,
      "channel_required",
    );
    const cases: unknown[] = [
      { listing_ids: [] },
      { listing_ids: [1000001] },
      { listing_ids: Array.from({ length: 501 }, (_, i) => String(1000001 + i)) },
    ];
    for (const body of cases) {
      for (const method of ["PUT", "DELETE"]) {
        const error = expectError(
          await call(sandbox, method, `/sets/${id}/associated_listings?channel=svc`, { key, body }),
          400,
          "invalid_body",
        );
        expect(error.details?.fields[0].field).toMatch(/^listing_ids/);
      }
    }
    expect(associatedIds(id)).toEqual(before);
  });
});
