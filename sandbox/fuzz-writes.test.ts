/**
 * Property-based: random bodies and query strings thrown at every endpoint that writes (every
 * non-GET of the contract). Whatever arrives, the service answers without a 5xx, every
 * refusal carries the interface's error body, and a refused request changes nothing. Changes
 * are counted by temporary triggers on every table, so "nothing" means no row inserted,
 * updated or deleted anywhere (request logging and key last-use times aside).
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { endpointList } from "../lib/svc/endpoints";
import { buildPath } from "../lib/svc/paths";
import { errorBody } from "../lib/svc/schemas/common";
import type { Sandbox } from "./app";
import { call, makeSandbox, personaKeys, rows, type Personas } from "./test-support";

/** Tables whose changes are bookkeeping of any request, not effects of the write. */
const BOOKKEEPING = new Set(["usage_requests", "data_versions", "meta"]);
const RUNS_PER_ENDPOINT = 30;
const writes = endpointList.filter((e) => e.method !== "GET");

let sandbox: Sandbox;
let p: Personas;
const pathValues: Record<string, string> = {};
let validBodies: Partial<Record<string, Json>> = {};

/** One valid body per write endpoint, with ids of the seeded world: the seeds of the near misses. */
function validBodiesOf(s: Sandbox, people: Personas): Partial<Record<string, Json>> {
  const ids = (sql: string, ...params: unknown[]) => rows<{ id: string }>(s, sql, ...params).map((r) => r.id);
  const ownListings = ids(
    `SELECT svc_id AS id FROM listings WHERE owner_user_id = ? ORDER BY svc_id`,
    people.owner.user_id,
  );
  const candidates = ids(
    `SELECT listing_id AS id FROM market_listings WHERE eligible = 1 AND listing_id NOT IN
       (SELECT listing_id FROM set_members WHERE set_id = ?) ORDER BY listing_id LIMIT 2`,
    pathValues.set_id,
  );
  const rate = { start_date: "2027-03-01", end_date: "2027-03-05", price_type: "fixed", price_value: 180 };
  const settings = { base_price: 150, min_price: 90, max_price: 400, nickname: "Fuzz" };
  return {
    "tags.put": { tags: ["fuzz"] },
    "listings.customRatesPut": { custom_rates: [rate] },
    "listings.customRatesDelete": { start_date: rate.start_date, end_date: rate.end_date },
    "listings.bulkCustomRatesPut": { listing_ids: ownListings.slice(1, 3), custom_rates: [rate] },
    "listings.bulkCustomRatesDelete": {
      listing_ids: ownListings.slice(1, 3),
      start_date: "2027-03-01",
      end_date: "2027-03-02",
    },
    "notes.create": { body: "A fuzzed note." },
    "notes.update": { body: "An edited note." },
    "preferences.batchPut": { preferences: [{ listing_id: ownListings[1], channel: "svc", settings }] },
    "preferences.put": settings,
    "preferences.copy": { copy_preferences_from: ownListings[1], settings: ["base_price"] },
    "preferences.settingPut": { value: 160 },
    "preferences.preview": settings,
    "segments.create": { name: "Fuzz segment", filter_backend: {} },
    "segments.update": { name: "Fuzz segment renamed" },
    "sets.create": { name: "Fuzz set", listing_ids: candidates.slice(0, 1) },
    "sets.share": { shares: [{ user_id: people.viewer.user_id, level: "R" }] },
    "sets.membersPut": { listing_ids: candidates.slice(1, 2), status: "active" },
    "sets.membersDelete": { listing_ids: candidates.slice(1, 2) },
    "sets.associatedPut": { listing_ids: ownListings.slice(0, 1) },
    "sets.associatedDelete": { listing_ids: ownListings.slice(0, 1) },
    "team.invite": { email: "fuzz@example.com", level: "viewer" },
    "team.autoManagedListingLevel": { level: "viewer" },
    "team.assignedSegments": { segment_ids: [] },
    "notifications.dismiss": {
      ids: ids(`SELECT id FROM notifications WHERE user_id = ? LIMIT 1`, people.owner.user_id),
    },
    "notifications.settingsPut": { settings: [{ event: "flags.detected", in_app: true }] },
    "webhooks.create": { url: "https://example.com/fuzz", event_types: ["flags.detected"] },
    "webhooks.update": { event_types: ["reservations.ingested"] },
    "apiKeys.create": { name: "Fuzz key" },
  };
}

function installChangeCounter(s: Sandbox) {
  const db = s.ctx.db;
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS fuzz_changes (n INTEGER NOT NULL); DELETE FROM fuzz_changes;
           INSERT INTO fuzz_changes (n) VALUES (0);`);
  const tables = rows<{ name: string }>(
    s,
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`,
  ).filter((t) => !BOOKKEEPING.has(t.name));
  const bump = `BEGIN UPDATE fuzz_changes SET n = n + 1; END`;
  for (const { name } of tables) {
    // A key's last_used_at is written by reads too (at most once a minute): not a change.
    const update = name === "api_keys" ? "UPDATE OF name, kind, key_hash, revoked_at" : "UPDATE";
    for (const [tag, event] of [
      ["i", "INSERT"],
      ["u", update],
      ["d", "DELETE"],
    ] as const) {
      db.exec(
        `CREATE TEMP TRIGGER IF NOT EXISTS fuzz_${tag}_${name} AFTER ${event} ON main."${name}" ${bump}`,
      );
    }
  }
}

const changeCount = () => rows<{ n: number }>(sandbox, `SELECT n FROM fuzz_changes`)[0]!.n;

/** Property names of a schema (for bodies and queries that come close to valid). */
function fieldNames(schema: z.ZodType | null | undefined): string[] {
  if (!schema) return [];
  try {
    const json = z.toJSONSchema(schema, { unrepresentable: "any", io: "input" }) as {
      properties?: Record<string, unknown>;
    };
    return Object.keys(json.properties ?? {});
  } catch {
    return [];
  }
}

const scalar = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.double({ noNaN: false }),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom("2026-02-30", "2027-01-01", "1999-12-31", "svc", "airbnb", "R", "N", "active", "*"),
);
const value = fc.oneof(
  scalar,
  fc.array(scalar, { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), scalar),
);

type Json = Record<string, unknown>;

/**
 * A valid body of an endpoint and its near misses: one field replaced by a random value,
 * removed, or joined by an unknown one, at the top level or inside the first element of an
 * array field. Most near misses are refused; some pass and write, which is allowed.
 */
function nearMisses(valid: Json) {
  const keys = Object.keys(valid);
  const replaceTop = fc.tuple(fc.constantFrom(...keys), value).map(([k, v]) => ({ ...valid, [k]: v }));
  const dropTop = fc.constantFrom(...keys).map((k) => {
    const copy = { ...valid };
    delete copy[k];
    return copy;
  });
  const nested = keys.filter(
    (k) => Array.isArray(valid[k]) && typeof (valid[k] as unknown[])[0] === "object",
  );
  const replaceNested = nested.length
    ? fc.tuple(fc.constantFrom(...nested), fc.string({ maxLength: 20 }), value).map(([k, inner, v]) => {
        const [head, ...rest] = valid[k] as Json[];
        const innerKey = Object.keys(head!).includes(inner) ? inner : (Object.keys(head!)[0] ?? inner);
        return { ...valid, [k]: [{ ...head, [innerKey]: v }, ...rest] };
      })
    : replaceTop;
  return fc.oneof(
    fc.constant(valid),
    replaceTop,
    dropTop,
    replaceNested,
    fc.tuple(fc.string({ maxLength: 12 }), value).map(([k, v]) => ({ ...valid, [k]: v })),
  );
}

function bodyFor(names: string[], valid: Json | undefined) {
  const key = names.length ? fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 12 })) : fc.string();
  return fc.oneof(
    ...(valid && Object.keys(valid).length
      ? [nearMisses(valid).map((b) => JSON.stringify(b)), nearMisses(valid).map((b) => JSON.stringify(b))]
      : []),
    fc.dictionary(key, value, { maxKeys: 6 }).map((o) => JSON.stringify(o)),
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 30 }), // usually not JSON at all
  );
}

function queryFor(names: string[], listingScoped: boolean) {
  const key = fc.oneof(fc.constantFrom("page", "per_page", "offset", ...names), fc.string({ maxLength: 8 }));
  return fc
    .tuple(fc.dictionary(key, scalar.map(String), { maxKeys: 4 }), fc.boolean())
    .map(([params, keepChannel]) => {
      const search = new URLSearchParams(params);
      if (listingScoped && keepChannel) search.set("channel", "svc");
      return search.toString();
    });
}

beforeAll(async () => {
  sandbox = makeSandbox({ rateLimitPerMinute: 1_000_000_000 });
  p = await personaKeys(sandbox);
  const owner = p.owner.user_id;
  const first = <T>(sql: string, ...params: unknown[]) => rows<T>(sandbox, sql, ...params)[0];
  pathValues.listing_id = first<{ svc_id: string }>(
    `SELECT svc_id FROM listings WHERE owner_user_id = ? ORDER BY svc_id`,
    owner,
  )!.svc_id;
  pathValues.set_id = first<{ id: string }>(
    `SELECT id FROM sets WHERE owner_user_id = ? ORDER BY id`,
    owner,
  )!.id;
  pathValues.setting = "base_price";
  pathValues.sub_user_id = p.viewer.user_id;
  pathValues.master_user_id = p.owner.user_id;
  pathValues.token_id = "tok_does_not_exist"; // revoking the fuzzing key would end the run
  pathValues.note_id = "note_does_not_exist";
  pathValues.segment_id = "seg_does_not_exist";
  const webhook = await call(sandbox, "POST", "/webhooks", {
    key: p.owner.keys.standard,
    body: { url: "https://example.com/hook", event_types: ["flags.detected"] },
  });
  pathValues.id = (webhook.json as { id: string }).id;
  validBodies = validBodiesOf(sandbox, p);
  installChangeCounter(sandbox);
});

describe("bad input loses nothing: random bodies and queries on every write endpoint", () => {
  for (const endpoint of writes) {
    it(`${endpoint.method} ${endpoint.path}: no 5xx, an error body on refusal, and no change when refused`, async () => {
      const path = buildPath(endpoint.path, pathValues);
      const bodyNames = fieldNames(endpoint.body);
      const queryNames = fieldNames(endpoint.query);
      await fc.assert(
        fc.asyncProperty(
          queryFor(queryNames, endpoint.listingScoped),
          bodyFor(bodyNames, validBodies[endpoint.id]),
          fc.constantFrom("application/json", "application/json", "application/json", "text/plain"),
          async (query, body, contentType) => {
            const before = changeCount();
            const res = await call(sandbox, endpoint.method, query ? `${path}?${query}` : path, {
              key: p.owner.keys.standard,
              body,
              headers: { "Content-Type": contentType },
            });
            expect(res.status, `${res.status} ${JSON.stringify(res.json)}`).toBeLessThan(500);
            if (res.status >= 400) {
              expect(errorBody.safeParse(res.json).success, JSON.stringify(res.json)).toBe(true);
              expect(changeCount(), `a refused ${endpoint.id} changed data`).toBe(before);
            }
          },
        ),
        { numRuns: RUNS_PER_ENDPOINT },
      );
    });
  }
});

describe("strings over a sane size answer 400 naming the field and write nothing", () => {
  const MEGABYTE_STRING = "x".repeat(1_000_000);
  for (const endpoint of writes) {
    const names = fieldNames(endpoint.body);
    if (names.length === 0) continue;
    it(`${endpoint.method} ${endpoint.path}: a 1 MB string in each body field`, async () => {
      const path = buildPath(endpoint.path, pathValues);
      const query = endpoint.listingScoped ? "?channel=svc" : "";
      for (const name of names) {
        const before = changeCount();
        const res = await call(sandbox, endpoint.method, path + query, {
          key: p.owner.keys.standard,
          body: { [name]: MEGABYTE_STRING },
        });
        expect(res.status, `${name}: ${JSON.stringify(res.json).slice(0, 300)}`).toBe(400);
        const fields = (res.json as { error: { details?: { fields?: Array<{ field: string }> } } }).error
          .details?.fields;
        expect(
          fields?.map((f) => f.field.split(/[.[]/)[0]),
          `${name} is named`,
        ).toContain(name);
        expect(changeCount()).toBe(before);
      }
    });
  }
});
