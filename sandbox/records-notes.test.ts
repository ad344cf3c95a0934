import { beforeAll, describe, expect, it } from "vitest";
import { note } from "../lib/svc/schemas/listing-extras";
import type { Sandbox } from "./app";
import { ownedListings, type ListingPick } from "./records-support";
import { call, expectError, makeSandbox, personaKeys, rows, type Personas } from "./test-support";

// Notes (contract-decisions-listings): GET answers the listing's notes newest first; POST 201
// answers the note; PUT answers it; DELETE 204. Body trimmed, 1..5000 characters.
let sandbox: Sandbox;
let p: Personas;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
});

const base = (listing: ListingPick, channel = "svc") =>
  `/listings/${channel === "svc" ? listing.svc_id : listing.channel_listing_id}/notes`;
const list = (listing: ListingPick, key = p.owner.keys.standard, channel = "svc") =>
  call(sandbox, "GET", `${base(listing, channel)}?channel=${channel}`, { key });
const create = (listing: ListingPick, body: unknown, key = p.owner.keys.standard) =>
  call(sandbox, "POST", `${base(listing)}?channel=svc`, { key, body });
const update = (listing: ListingPick, id: string, body: unknown, key = p.owner.keys.standard) =>
  call(sandbox, "PUT", `${base(listing)}/${id}?channel=svc`, { key, body });
const remove = (listing: ListingPick, id: string, key = p.owner.keys.standard) =>
  call(sandbox, "DELETE", `${base(listing)}/${id}?channel=svc`, { key });
const storedNotes = (svcId: string) =>
  rows<{ id: string; body: string }>(
    sandbox,
    `SELECT id, body FROM listing_notes WHERE listing_svc_id = ? ORDER BY seq`,
    svcId,
  );

describe("notes", () => {
  it("rule: create answers 201, list answers newest first, update replaces the text, delete answers 204", async () => {
    const listing = ownedListings(sandbox, p.owner.user_id)[0]!;
    const created = await create(listing, { body: "  Pool heater serviced.  " });
    expect(created.status).toBe(201);
    expect(note.safeParse(created.json).success).toBe(true);
    expect(created.json).toMatchObject({
      listing_id: listing.svc_id,
      body: "Pool heater serviced.",
      author_user_id: p.owner.user_id,
    });
    const second = await create(listing, { body: "Second note" }, p.editor.keys.standard);
    expect(second.json.author_user_id).toBe(p.editor.user_id);

    const listed = await list(listing);
    expect(listed.status).toBe(200);
    const expected = rows<{ id: string }>(
      sandbox,
      `SELECT id FROM listing_notes WHERE listing_svc_id = ? ORDER BY created_at DESC, seq DESC`,
      listing.svc_id,
    ).map((r) => r.id);
    expect(listed.json.map((n: { id: string }) => n.id)).toEqual(expected);
    expect(listed.json[0].id).toBe(second.json.id);
    // By channel id, listing_id in the answer is the channel's id.
    const byChannel = await list(listing, p.owner.keys.standard, listing.channel);
    expect(
      byChannel.json.every((n: { listing_id: string }) => n.listing_id === listing.channel_listing_id),
    ).toBe(true);

    const updated = await update(
      listing,
      created.json.id,
      { body: "Pool heater replaced." },
      p.manager.keys.standard,
    );
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({
      id: created.json.id,
      body: "Pool heater replaced.",
      author_user_id: p.owner.user_id,
    });
    expect(updated.json.created_at).toBe(created.json.created_at);
    expect(storedNotes(listing.svc_id).find((n) => n.id === created.json.id)?.body).toBe(
      "Pool heater replaced.",
    );

    const deleted = await remove(listing, created.json.id);
    expect(deleted.status).toBe(204);
    expect(storedNotes(listing.svc_id).map((n) => n.id)).not.toContain(created.json.id);
    expectError(await remove(listing, created.json.id), 404, "note_not_found");
  });

  it("rule: only the listing's accessible users see its notes; a viewer reads but cannot write; a restricted editor writes", async () => {
    const listing = ownedListings(sandbox, p.owner.user_id)[1]!;
    const mine = await create(listing, { body: "Owner only?" });
    expect((await list(listing, p.viewer.keys.standard)).json.map((n: { id: string }) => n.id)).toContain(
      mine.json.id,
    );
    const count = storedNotes(listing.svc_id).length;
    expectError(await create(listing, { body: "viewer" }, p.viewer.keys.standard), 403, "forbidden");
    expectError(
      await update(listing, mine.json.id, { body: "viewer" }, p.viewer.keys.standard),
      403,
      "forbidden",
    );
    expectError(await remove(listing, mine.json.id, p.viewer.keys.standard), 403, "forbidden");
    expectError(await create(listing, { body: "read only" }, p.owner.keys.read_only!), 403, "read_only_key");
    expect(storedNotes(listing.svc_id)).toHaveLength(count);
    expect((await create(listing, { body: "restricted" }, p.restricted_editor.keys.standard)).status).toBe(
      201,
    );
    expectError(await list(listing, p.outsider.keys.standard), 404, "listing_not_found");
    expectError(await list(listing, p.outsider.keys.standard, listing.channel), 403, "forbidden");
    expectError(
      await create(listing, { body: "outsider" }, p.outsider.keys.standard),
      404,
      "listing_not_found",
    );
  });

  it("rule: another listing's note id, or an unknown one, answers 404 and changes nothing", async () => {
    const [a, b] = ownedListings(sandbox, p.owner.user_id).slice(2, 4) as [ListingPick, ListingPick];
    const onA = await create(a, { body: "Belongs to A" });
    expectError(await update(b, onA.json.id, { body: "hijack" }), 404, "note_not_found");
    expectError(await remove(b, onA.json.id), 404, "note_not_found");
    expectError(await update(a, "note_unknown", { body: "x" }), 404, "note_not_found");
    expect(storedNotes(a.svc_id).find((n) => n.id === onA.json.id)?.body).toBe("Belongs to A");
  });

  it("rule: a 1 MB note, an empty one or one over 5000 characters answers 400 naming body and stores nothing", async () => {
    const listing = ownedListings(sandbox, p.owner.user_id)[4]!;
    const kept = await create(listing, { body: "Keep me" });
    const before = storedNotes(listing.svc_id);
    for (const body of ["x".repeat(1024 * 1024), "y".repeat(5001), "   ", ""]) {
      const error = expectError(await create(listing, { body }), 400, "invalid_body");
      expect(error.details?.fields.map((f: { field: string }) => f.field)).toEqual(["body"]);
      expectError(await update(listing, kept.json.id, { body }), 400, "invalid_body");
    }
    expectError(await create(listing, {}), 400, "invalid_body");
    expect(storedNotes(listing.svc_id)).toEqual(before);
    expect((await create(listing, { body: "z".repeat(5000) })).status).toBe(201);
  });

  it("rule: seeded notes are listed as stored, by the owner and the team", async () => {
    const [first] = rows<{ listing_svc_id: string }>(
      sandbox,
      `SELECT listing_svc_id FROM listing_notes ORDER BY seq LIMIT 1`,
    );
    const [listing] = rows<ListingPick>(
      sandbox,
      `SELECT * FROM listings WHERE svc_id = ?`,
      first!.listing_svc_id,
    );
    const res = await list(listing!);
    const expected = rows<{ id: string; author_user_id: string }>(
      sandbox,
      `SELECT id, author_user_id FROM listing_notes WHERE listing_svc_id = ? ORDER BY created_at DESC, seq DESC`,
      listing!.svc_id,
    );
    expect(res.json.map((n: { id: string; author_user_id: string }) => [n.id, n.author_user_id])).toEqual(
      expected.map((n) => [n.id, n.author_user_id]),
    );
    const team = [p.owner.user_id, p.manager.user_id, p.editor.user_id];
    for (const n of expected) expect(team).toContain(n.author_user_id);
  });
});
