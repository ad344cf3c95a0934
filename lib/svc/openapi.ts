import type { z } from "zod";
import { pathParams, type EndpointDef } from "@/lib/svc/endpoint";
import { endpointList } from "@/lib/svc/endpoints";
import {
  contractSchemas,
  refsOf,
  schemaRef,
  type ContractSchemas,
  type JsonSchema,
} from "@/lib/svc/openapi-schemas";
import { errorBody } from "@/lib/svc/schemas/common";

/**
 * The contract table as an OpenAPI 3.1 document, for viewers, fuzzers and other clients. It
 * is generated, never written by hand: `npm run openapi` writes docs/openapi.json and the
 * reference service serves the same document at GET /openapi.json.
 */

export type OpenApiDocument = {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  tags: Array<{ name: string }>;
  security: Array<Record<string, string[]>>;
  paths: Record<string, Record<string, JsonSchema>>;
  components: {
    securitySchemes: Record<string, JsonSchema>;
    headers: Record<string, JsonSchema>;
    responses: Record<string, JsonSchema>;
    schemas: Record<string, JsonSchema>;
  };
};

type Entry = EndpointDef & { id: string };

const JSON_TYPE = "application/json";
const ERROR = "ErrorBody";
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** Every authenticated answer carries the window's headers; only 401s come before the window. */
const HEADERS: Record<string, JsonSchema> = {
  "X-RateLimit-Limit": counter("Requests a key may make in one fixed 60-second window.", true),
  "X-RateLimit-Remaining": counter("Requests left to this key in the current window.", true),
  "X-RateLimit-Reset": counter("When the current window ends, in unix seconds.", true),
  "Retry-After": counter("Seconds to wait before the window lets this key in again.", true),
  "X-Total-Count": counter("Rows of the whole list, every page; clients treat it as optional.", false),
};

function counter(description: string, required: boolean): JsonSchema {
  return { description, required, schema: { type: "integer", minimum: 0 } };
}

const rateLimitHeaders = (): Record<string, JsonSchema> => ({
  "X-RateLimit-Limit": headerRef("X-RateLimit-Limit"),
  "X-RateLimit-Remaining": headerRef("X-RateLimit-Remaining"),
  "X-RateLimit-Reset": headerRef("X-RateLimit-Reset"),
});

function errorResponse(description: string, headers: Record<string, JsonSchema> | null = rateLimitHeaders()) {
  return {
    description,
    ...(headers ? { headers } : {}),
    content: { [JSON_TYPE]: { schema: schemaRef(ERROR) } },
  };
}

const RESPONSES: Record<string, JsonSchema> = {
  BadRequest: errorResponse(
    "The query or body is refused (`invalid_query`, `invalid_body`, `malformed_json`, `channel_required`, …); `details.fields` names each offending field.",
  ),
  Unauthorized: errorResponse("No API key, or one unknown or revoked (`unauthorized`).", null),
  Forbidden: errorResponse(
    "The caller may not do this: a listing it cannot access by channel id, a read-only key on a write (`read_only_key`), a feature its plan lacks.",
  ),
  NotFound: errorResponse("Nothing here for this caller (`not_found`, `listing_not_found`, …)."),
  Conflict: errorResponse("Another write on the same resource is in progress (`conflict`)."),
  PayloadTooLarge: errorResponse("The body is larger than the service takes (`body_too_large`)."),
  UnsupportedMediaType: errorResponse("The body is not `application/json` (`unsupported_media_type`)."),
  TooManyRequests: errorResponse(
    "The key's window is spent (`rate_limited`); `Retry-After` says when to retry.",
    {
      ...rateLimitHeaders(),
      "Retry-After": headerRef("Retry-After"),
    },
  ),
  Error: errorResponse(
    "Any other refusal (such as 422 for a rule of the endpoint) or failure, in the same body.",
  ),
};

const DESCRIPTION = [
  "The Listing Pricing Service as Rate Desk's contract table (`lib/svc/endpoints.ts`) states it, with the project's interface decisions applied.",
  "Generated from that table and its zod schemas; do not edit by hand (`npm run openapi`).",
  "Every call sends `X-API-Key`. A listing-scoped path reads `{listing_id}` as the `channel` parameter says (`svc` for the service's own ids).",
  "Lists are bare JSON arrays paged by `page` or `offset` and `per_page`. Value sets the interface leaves open are strings whose known values are given as examples.",
].join(" ");

const pascalId = (id: string) =>
  id
    .split(".")
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");

/** The contract table as one OpenAPI 3.1 document; the same table always gives the same document. */
export function buildOpenApiDocument(table: ReadonlyArray<Entry> = endpointList): OpenApiDocument {
  const inputs: Array<[z.ZodType, string]> = [];
  const outputs: Array<[z.ZodType, string]> = [[errorBody, ERROR]];
  for (const entry of table) {
    inputs.push([entry.query, `${pascalId(entry.id)}Query`]);
    if (entry.body) inputs.push([entry.body, `${pascalId(entry.id)}Body`]);
    outputs.push([entry.response, `${pascalId(entry.id)}Response`]);
  }
  const schemas = contractSchemas(inputs, outputs);

  const paths: OpenApiDocument["paths"] = {};
  const tags: string[] = [];
  for (const entry of table) {
    if (!tags.includes(entry.group)) tags.push(entry.group);
    paths[entry.path] ??= {};
    paths[entry.path]![entry.method.toLowerCase()] = operation(entry, schemas);
  }
  const document: OpenApiDocument = {
    openapi: "3.1.0",
    info: { title: "Listing Pricing Service", version: "1.0.0", description: DESCRIPTION },
    tags: tags.map((name) => ({ name })),
    security: [{ ApiKey: [] }],
    paths,
    components: {
      securitySchemes: {
        ApiKey: { type: "apiKey", in: "header", name: "X-API-Key", description: "The caller's API key." },
      },
      // Copies: a caller may change its document without changing the next one.
      headers: structuredClone(HEADERS),
      responses: structuredClone(RESPONSES),
      schemas: {},
    },
  };
  document.components.schemas = reachable(schemas.components, [paths, RESPONSES]);
  return document;
}

/** The document as docs/openapi.json holds it: two-space indents and a final newline. */
export function openApiJson(document: OpenApiDocument = buildOpenApiDocument()): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

function operation(entry: Entry, schemas: ContractSchemas): JsonSchema {
  const notes: string[] = [];
  if (entry.paidOnly) notes.push("Paid sets only: a free set answers 404.");
  if (entry.write) notes.push("Changes state: a read-only key gets 403 `read_only_key`.");
  if (entry.listingScoped) notes.push("Listing-scoped: `channel` says how the listing id is read.");
  if (entry.paginated) notes.push("A page of a list: `X-Total-Count` gives the whole list's length.");

  const responses: JsonSchema = { [String(entry.status)]: success(entry, schemas) };
  responses["400"] = responseRef("BadRequest");
  responses["401"] = responseRef("Unauthorized");
  responses["403"] = responseRef("Forbidden");
  responses["404"] = responseRef("NotFound");
  if (entry.write) responses["409"] = responseRef("Conflict");
  if (entry.body) {
    responses["413"] = responseRef("PayloadTooLarge");
    responses["415"] = responseRef("UnsupportedMediaType");
  }
  responses["429"] = responseRef("TooManyRequests");
  responses.default = responseRef("Error");

  const op: JsonSchema = {
    tags: [entry.group],
    summary: entry.summary,
    ...(notes.length > 0 ? { description: notes.join(" ") } : {}),
    operationId: entry.id,
    parameters: [
      ...pathParams(entry.path).map((name) => ({
        name,
        in: "path",
        required: true,
        schema: { type: "string" },
      })),
      ...queryParameters(schemas, schemas.name(entry.query, "input")),
    ],
  };
  if (entry.body) {
    op.requestBody = {
      // A body the schema accepts absent may be left out.
      required: !entry.body.safeParse(undefined).success,
      content: { [JSON_TYPE]: { schema: schemaRef(schemas.name(entry.body, "input")) } },
    };
  }
  op.responses = responses;
  op["x-paid-only"] = entry.paidOnly;
  op["x-write"] = entry.write;
  op["x-paginated"] = entry.paginated;
  op["x-listing-scoped"] = entry.listingScoped;
  return op;
}

function success(entry: Entry, schemas: ContractSchemas): JsonSchema {
  const headers = rateLimitHeaders();
  if (entry.paginated) headers["X-Total-Count"] = headerRef("X-Total-Count");
  const answer: JsonSchema = { description: entry.summary, headers };
  if (entry.status !== 204) {
    answer.content = { [JSON_TYPE]: { schema: schemaRef(schemas.name(entry.response, "output")) } };
  }
  return answer;
}

/** A query object's properties as `in: query` parameters (merging `allOf` members, following refs). */
function queryParameters(schemas: ContractSchemas, name: string): JsonSchema[] {
  const properties: Record<string, JsonSchema> = {};
  const required = new Set<string>();
  const unfold = (node: JsonSchema) => {
    if (typeof node.$ref === "string") return unfold(schemas.component(node.$ref.split("/").pop()!));
    if (Array.isArray(node.allOf)) (node.allOf as JsonSchema[]).forEach(unfold);
    if (node.anyOf || node.oneOf || (node.type !== undefined && node.type !== "object")) {
      throw new Error(`The query ${name} is not an object: it cannot be written as parameters.`);
    }
    Object.assign(properties, node.properties ?? {});
    for (const key of (node.required as string[] | undefined) ?? []) required.add(key);
  };
  unfold(schemas.component(name));
  return Object.entries(properties).map(([key, schema]) => {
    const parameter: JsonSchema = { name: key, in: "query", required: required.has(key), schema };
    if (typeof schema.description === "string") parameter.description = schema.description;
    return parameter;
  });
}

/** The components the document refers to, directly or through other components, by name. */
function reachable(all: Record<string, JsonSchema>, roots: unknown[]): Record<string, JsonSchema> {
  const kept = new Set<string>();
  const queue = [...refsOf(roots)];
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (kept.has(name)) continue;
    if (!(name in all)) throw new Error(`The document refers to a component it lacks: ${name}.`);
    kept.add(name);
    queue.push(...refsOf(all[name]));
  }
  return Object.fromEntries([...kept].sort().map((name) => [name, all[name]!]));
}
