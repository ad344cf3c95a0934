import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../lib/svc/endpoints";
import type { Segment } from "../lib/svc/schemas/segments";
import type { Sandbox } from "./app";
import {
  call,
  expectError,
  makeSandbox,
  personaKeys,
  rows,
  type ApiErrorShape,
  type Personas,
} from "./test-support";

// Segments: saved filters over the caller's listings (interface: POST takes filter_backend;
// PUT updates name, description, filter_backend and/or default status). A segment belongs to
// its owner; anyone else, team members included, gets 404.
let sandbox: Sandbox;
let p: Personas;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
});

const stored = (userId: string) =>
  rows<{
    id: string;
    name: string;
    filter_backend: string;
    default_status: string;
    description: string | null;
  }>(sandbox, `SELECT * FROM segments WHERE owner_user_id = ? ORDER BY created_at, id`, userId);

async function list(key: string): Promise<Segment[]> {
  const res = await call(sandbox, "GET", "/segments", { key });
  expect(res.status).toBe(200);
  return endpoints["segments.list"].response.parse(res.json);
}

const fieldsOf = (error: ApiErrorShape): string[] =>
  (error.details!.fields as Array<{ field: string }>).map((f) => f.field);

describe("segments", () => {
  it("rule: list answers the caller's own segments (seeded: three for the owner, one for the manager)", async () => {
    const owner = await list(p.owner.keys.standard);
    expect(owner.map((s) => s.id)).toEqual(stored(p.owner.user_id).map((s) => s.id));
    expect(owner.length).toBeGreaterThanOrEqual(2);
    const manager = await list(p.manager.keys.standard);
    expect(manager.map((s) => s.id)).toEqual(stored(p.manager.user_id).map((s) => s.id));
    expect(manager).toHaveLength(1);
    expect(await list(p.outsider.keys.standard)).toEqual([]);
    for (const segment of owner) {
      const row = stored(p.owner.user_id).find((s) => s.id === segment.id)!;
      expect(segment.filter_backend).toEqual(JSON.parse(row.filter_backend));
    }
  });

  it("rule: create answers 201 with the stored segment; default_status defaults to active; name is trimmed", async () => {
    const res = await call(sandbox, "POST", "/segments", {
      key: p.owner.keys.standard,
      body: { name: "  Big homes  ", filter_backend: { bedrooms_min: 4 } },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const segment = endpoints["segments.create"].response.parse(res.json);
    expect(segment).toMatchObject({ name: "Big homes", description: null, default_status: "active" });
    expect(segment.filter_backend).toEqual({ bedrooms_min: 4 });
    const [{ n }] = rows<{ n: number }>(
      sandbox,
      `SELECT COUNT(*) AS n FROM listings WHERE owner_user_id = ? AND bedrooms >= 4`,
      p.owner.user_id,
    ) as [{ n: number }];
    expect(segment.listing_count).toBe(n);
    expect(stored(p.owner.user_id).some((s) => s.id === segment.id)).toBe(true);
    expect((await list(p.owner.keys.standard)).at(-1)!.id).toBe(segment.id);
  });

  it("rule: update changes only the keys given (name, description, filter_backend, default_status)", async () => {
    const key = p.owner.keys.standard;
    const created = (
      await call(sandbox, "POST", "/segments", {
        key,
        body: { name: "Lisbon", description: "first", filter_backend: { market_ids: ["mkt_lisbon"] } },
      })
    ).json as Segment;
    const put = (body: unknown) => call(sandbox, "PUT", `/segments/${created.id}`, { key, body });

    const renamed = await put({ name: "Lisbon homes" });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({
      name: "Lisbon homes",
      description: "first",
      default_status: "active",
    });
    expect(renamed.json.filter_backend).toEqual({ market_ids: ["mkt_lisbon"] });

    const refiltered = await put({
      filter_backend: { market_ids: ["mkt_lisbon"], channels: ["airbnb"] },
      default_status: "inactive",
    });
    expect(refiltered.json).toMatchObject({ name: "Lisbon homes", default_status: "inactive" });
    const [{ n }] = rows<{ n: number }>(
      sandbox,
      `SELECT COUNT(*) AS n FROM listings WHERE owner_user_id = ? AND market_id = 'mkt_lisbon' AND channel = 'airbnb'`,
      p.owner.user_id,
    ) as [{ n: number }];
    expect(refiltered.json.listing_count).toBe(n);
    expect(refiltered.json.listing_count).toBeLessThan(created.listing_count);

    const cleared = await put({ description: null });
    expect(cleared.json).toMatchObject({
      description: null,
      name: "Lisbon homes",
      default_status: "inactive",
    });
    expect(stored(p.owner.user_id).find((s) => s.id === created.id)).toMatchObject({
      name: "Lisbon homes",
      description: null,
      default_status: "inactive",
    });
  });

  it("rule: a bad filter_backend answers 400 naming the field and writes nothing", async () => {
    const key = p.owner.keys.standard;
    const before = stored(p.owner.user_id);
    const create = (filter: unknown) =>
      call(sandbox, "POST", "/segments", { key, body: { name: "Bad", filter_backend: filter } });
    const cases: Array<[unknown, string]> = [
      [{ bedrooms: 3 }, "filter_backend.bedrooms"],
      [{ bedrooms_min: 3, bedrooms_max: 2 }, "filter_backend.bedrooms_max"],
      [{ bedrooms_min: -1 }, "filter_backend.bedrooms_min"],
      [{ market_ids: ["mkt_atlantis"] }, "filter_backend.market_ids"],
      [{ market_ids: [] }, "filter_backend.market_ids"],
      [{ channels: ["expedia"] }, "filter_backend.channels.0"],
      [{ is_active: "yes" }, "filter_backend.is_active"],
      [{ pricing_tiers: ["Gold"] }, "filter_backend.pricing_tiers.0"],
    ];
    for (const [filter, field] of cases) {
      const error = expectError(await create(filter), 400, "invalid_body");
      expect(fieldsOf(error), JSON.stringify(filter)).toContain(field);
    }
    expect(fieldsOf(expectError(await create([1, 2]), 400))).toContain("filter_backend");
    expect(
      fieldsOf(
        expectError(
          await call(sandbox, "POST", "/segments", { key, body: { name: " ", filter_backend: {} } }),
          400,
        ),
      ),
    ).toContain("name");

    const target = before[0]!;
    const badPut = await call(sandbox, "PUT", `/segments/${target.id}`, {
      key,
      body: { name: "Renamed", filter_backend: { bedrooms_max: 1, bedrooms_min: 5 } },
    });
    expect(fieldsOf(expectError(badPut, 400, "invalid_body"))).toContain("filter_backend.bedrooms_max");
    expectError(await call(sandbox, "PUT", `/segments/${target.id}`, { key, body: {} }), 400, "invalid_body");
    expect(stored(p.owner.user_id)).toEqual(before);
  });

  it("rule: another user's segment answers 404, team members included; read-only keys cannot write", async () => {
    const [ownerSegment] = stored(p.owner.user_id);
    for (const persona of [p.manager, p.viewer, p.outsider]) {
      const key = persona.keys.standard;
      expectError(
        await call(sandbox, "GET", `/segments/${ownerSegment!.id}/listings`, { key }),
        404,
        "segment_not_found",
      );
      expectError(
        await call(sandbox, "GET", `/segments/${ownerSegment!.id}/aggregated_metrics`, { key }),
        404,
        "segment_not_found",
      );
      expectError(
        await call(sandbox, "PUT", `/segments/${ownerSegment!.id}`, { key, body: { name: "Mine now" } }),
        404,
        "segment_not_found",
      );
      expect((await list(key)).map((s) => s.id)).not.toContain(ownerSegment!.id);
    }
    expectError(
      await call(sandbox, "GET", "/segments/seg_missing/listings", { key: p.owner.keys.standard }),
      404,
    );
    const readOnly = p.owner.keys.read_only!;
    const before = stored(p.owner.user_id);
    expectError(
      await call(sandbox, "POST", "/segments", { key: readOnly, body: { name: "x", filter_backend: {} } }),
      403,
      "read_only_key",
    );
    expectError(
      await call(sandbox, "PUT", `/segments/${ownerSegment!.id}`, { key: readOnly, body: { name: "x" } }),
      403,
      "read_only_key",
    );
    expect(stored(p.owner.user_id)).toEqual(before);
    expect((await list(readOnly)).length).toBe(before.length);
  });
});
