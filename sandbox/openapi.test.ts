import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { defOf, walkAnswer, type Visit } from "../lib/svc/answer-walk";
import { matchPath } from "../lib/svc/match";
import { buildOpenApiDocument } from "../lib/svc/openapi";
import type { JsonSchema } from "../lib/svc/openapi-schemas";
import { answerChecker } from "../lib/svc/openapi-test-support";
import { readAnswer } from "../lib/svc/read-answer";
import type { Sandbox } from "./app";
import { call, makeSandbox, personaKeys, type CallResult, type Personas } from "./test-support";

/** The reference service read by the OpenAPI document alone, as an outside client would. */
const document = buildOpenApiDocument();
const check = answerChecker(document);

type Parameter = { name: string; in: string; required: boolean; schema: JsonSchema };

const reads = Object.entries(document.paths).flatMap(([path, item]) =>
  item.get ? [{ path, parameters: item.get.parameters as Parameter[] }] : [],
);

/** Rules across parameters that a document cannot state: what the endpoint needs besides. */
const ALSO: Record<string, () => Record<string, string>> = {
  // Candidates are searched around coordinates or a listing.
  "/sets/candidates": () => ({ listing_id: ids.listing_id!, channel: "svc" }),
};

let sandbox: Sandbox;
let p: Personas;
let key: string;
/** A value for each path parameter, found the way a client finds them: by listing first. */
const ids: Record<string, string> = {};
let created: CallResult;

async function first(path: string, pick: (row: Record<string, unknown>) => boolean = () => true) {
  const res = await call<Array<Record<string, unknown>>>(sandbox, "GET", path, { key });
  expect(res.status, `${path}: ${JSON.stringify(res.json)}`).toBe(200);
  const row = res.json.find(pick);
  expect(row, `${path} has a row to use`).toBeDefined();
  return String(row!.id);
}

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
  key = p.owner.keys.standard;
  const listings = await call<Array<{ svc_id: string }>>(sandbox, "GET", "/listings", { key });
  ids.listing_id = listings.json[0]!.svc_id;
  ids.set_id = await first("/sets", (set) => set.is_paid === true && set.access === "owner");
  ids.segment_id = await first("/segments");
  ids.market_id = await first("/market_report");
  const hook = await call(sandbox, "POST", "/webhooks", {
    key,
    body: { url: "http://127.0.0.1:9/hook", event_types: ["flags.detected"] },
  });
  expect(hook.status, JSON.stringify(hook.json)).toBe(201);
  created = hook;
  ids.id = (hook.json as { id: string }).id;
});

afterAll(() => sandbox.close());

/** A value a required query parameter accepts, from its schema: what a fuzzer would try first. */
function sample(parameter: Parameter): string {
  if (parameter.name === "channel") return "svc";
  let schema = parameter.schema;
  if (typeof schema.$ref === "string") schema = document.components.schemas[schema.$ref.split("/").pop()!]!;
  if (Array.isArray(schema.enum)) return String(schema.enum[0]);
  if (Array.isArray(schema.examples)) return String(schema.examples[0]);
  if (parameter.name.endsWith("date")) return sandbox.ctx.clock.today();
  throw new Error(`No sample for the query parameter ${parameter.name}.`);
}

function urlOf(path: string, parameters: Parameter[]): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(ids[name]!));
  const query = new URLSearchParams({
    ...Object.fromEntries(
      parameters.filter((q) => q.in === "query" && q.required).map((q) => [q.name, sample(q)]),
    ),
    ...ALSO[path]?.(),
  });
  return query.size > 0 ? `${filled}?${query}` : filled;
}

describe("the reference service against its OpenAPI document", () => {
  it.each(reads)("GET $path answers 200 as the document says", async ({ path, parameters }) => {
    const res = await call(sandbox, "GET", urlOf(path, parameters), { key });
    expect(res.status, JSON.stringify(res.json).slice(0, 500)).toBe(200);
    const result = check("GET", path, res.status, res.json);
    expect(result.errors, JSON.stringify(res.json).slice(0, 500)).toEqual([]);
    for (const header of ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"]) {
      expect(res.headers.get(header), header).toMatch(/^\d+$/);
    }
    const paginated = (document.paths[path]!.get!["x-paginated"] as boolean) === true;
    if (paginated) expect(res.headers.get("X-Total-Count"), "X-Total-Count").toMatch(/^\d+$/);
  });

  it("answers a write as the document says: POST /webhooks", () => {
    expect(check("POST", "/webhooks", created.status, created.json).errors).toEqual([]);
  });

  it("keeps an open value set open: a channel the service has never sent still conforms", async () => {
    const res = await call(sandbox, "GET", `/listings/${ids.listing_id}?channel=svc`, { key });
    expect(res.status).toBe(200);
    const listing = { ...(res.json as object), channel: "a_channel_from_tomorrow" };
    expect(check("GET", "/listings/{listing_id}", 200, listing).errors).toEqual([]);
    expect(check("GET", "/listings/{listing_id}", 200, { ...listing, svc_id: 7 }).errors).not.toEqual([]);
  });

  it("answers a refusal in the documented error body", async () => {
    const res = await call(sandbox, "GET", "/listings");
    expect(res.status).toBe(401);
    expect(check("GET", "/listings", 401, res.json).errors).toEqual([]);
  });
});

describe("GET /openapi.json", () => {
  it("serves the document without a key", async () => {
    const res = await call(sandbox, "GET", "/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.json).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it("spends none of a key's rate limit", async () => {
    const tight = makeSandbox({ rateLimitPerMinute: 2 });
    try {
      const owner = (await personaKeys(tight)).owner.keys.standard;
      for (let i = 0; i < 3; i++) {
        const res = await call(tight, "GET", "/openapi.json", { key: owner });
        expect(res.status).toBe(200);
        expect(res.headers.get("X-RateLimit-Remaining")).toBeNull();
      }
      const listings = await call(tight, "GET", "/listings", { key: owner });
      expect(listings.status).toBe(200);
      expect(listings.headers.get("X-RateLimit-Remaining")).toBe("1");
    } finally {
      tight.close();
    }
  });
});

/**
 * Every answer of the reference service, made to drift the way a real service may where the
 * interface is silent, must still read whole: no row set aside, the same figures.
 */
const isPlain = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);
const DRIFTS: Record<string, Visit> = {
  "unknown values in every open set": ({ schema, value }) =>
    schema && typeof value === "string" && z.globalRegistry.get(schema)?.knownValues
      ? "zz_from_tomorrow"
      : value,
  "extra fields at every level": ({ value }) =>
    isPlain(value) ? { ...value, zz_new: { zz_nested: 1 } } : value,
  "absent fields where null is allowed": ({ value }) =>
    isPlain(value) ? Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null)) : value,
  "numbers sent as numeric strings": ({ schema, value }) =>
    schema && typeof value === "number" && defOf(schema).type === "number" ? String(value) : value,
};
/** Absent and null both mean unknown: compare answers with neither. */
const withoutNulls = (value: unknown) =>
  JSON.parse(JSON.stringify(value, (_key, v: unknown) => (v === null ? undefined : v))) as unknown;

describe("every read survives a service that drifts where the interface is silent", () => {
  const cases = reads.flatMap((read) => Object.keys(DRIFTS).map((drift) => ({ ...read, drift })));
  it.each(cases)("GET $path with $drift", async ({ path, parameters, drift }) => {
    const url = urlOf(path, parameters);
    const match = matchPath("GET", url.split("?")[0]!);
    if (match.kind !== "match") throw new Error(`No endpoint for ${url}`);
    const schema = match.endpoint.response as z.ZodType;
    const res = await call(sandbox, "GET", url, { key });
    expect(res.status).toBe(200);
    const drifted = walkAnswer(schema, res.json, DRIFTS[drift]!);
    const read = readAnswer(schema, drifted);
    if (!read.ok) throw new Error(JSON.stringify(read.issues.slice(0, 3)));
    expect(read.skipped).toEqual([]);
    if (drift === "absent fields where null is allowed" || drift === "numbers sent as numeric strings") {
      expect(withoutNulls(read.data)).toEqual(withoutNulls(schema.parse(res.json)));
    }
  });
});
