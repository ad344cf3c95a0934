import { readFileSync } from "node:fs";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { endpoint, pathParams } from "@/lib/svc/endpoint";
import { endpointList } from "@/lib/svc/endpoints";
import { buildOpenApiDocument, openApiJson, type OpenApiDocument } from "@/lib/svc/openapi";
import type { JsonSchema } from "@/lib/svc/openapi-schemas";
import { answerChecker, schemaAjv } from "@/lib/svc/openapi-test-support";
import { queryList } from "@/lib/svc/schemas/common";

const document = buildOpenApiDocument();

function operations(doc: OpenApiDocument) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
}

async function openApiErrors(doc: OpenApiDocument) {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(doc));
  return { valid: result.valid, errors: result.errors, version: validator.version };
}

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1", async () => {
    const { valid, errors, version } = await openApiErrors(document);
    expect(errors ?? [], JSON.stringify(errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
    expect(version).toBe("3.1");
  });

  it("writes every schema as JSON Schema 2020-12 whose references resolve", () => {
    const ajv = schemaAjv();
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      expect(ajv.validateSchema(schema), `${name}: ${JSON.stringify(ajv.errors)}`).toBe(true);
    }
    // Compiling every answer's schema follows each `$ref`; a dangling one throws.
    const check = answerChecker(document);
    for (const { path, method, op } of operations(document)) {
      for (const status of Object.keys(op.responses as object)) {
        expect(
          () => check(method, path, Number(status) || 599, null),
          `${method} ${path} ${status}`,
        ).not.toThrow();
      }
    }
  });

  it("has one operation for each endpoint of the contract table, by method, path and id", () => {
    const documented = operations(document).map(
      ({ path, method, op }) => `${method} ${path} ${op.operationId}`,
    );
    const table = endpointList.map((e) => `${e.method} ${e.path} ${e.id}`);
    expect(documented.sort()).toEqual(table.sort());
  });

  it("states each endpoint's parameters, success, errors and notes as the table does", () => {
    for (const entry of endpointList) {
      const op = document.paths[entry.path]![entry.method.toLowerCase()]!;
      const parameters = op.parameters as Array<{ name: string; in: string; required: boolean }>;
      const inPath = parameters.filter((p) => p.in === "path").map((p) => p.name);
      expect(inPath, entry.id).toEqual(pathParams(entry.path));
      if (entry.listingScoped) {
        expect(
          parameters.find((p) => p.name === "channel"),
          entry.id,
        ).toMatchObject({ in: "query" });
      }
      const responses = op.responses as Record<string, JsonSchema>;
      const success = responses[String(entry.status)]!;
      expect(Object.keys(success.headers as object), entry.id).toEqual(
        ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"].concat(
          entry.paginated ? ["X-Total-Count"] : [],
        ),
      );
      expect("content" in success, entry.id).toBe(entry.status !== 204);
      expect(responses["429"], entry.id).toEqual({ $ref: "#/components/responses/TooManyRequests" });
      expect("409" in responses, entry.id).toBe(entry.write);
      expect("requestBody" in op, entry.id).toBe(entry.body !== null);
      expect(op["x-paid-only"], entry.id).toBe(entry.paidOnly);
      expect(op["x-write"], entry.id).toBe(entry.write);
      expect(op.tags, entry.id).toEqual([entry.group]);
    }
    expect(document.security).toEqual([{ ApiKey: [] }]);
    expect(document.components.securitySchemes.ApiKey).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "X-API-Key",
    });
    const tooMany = document.components.responses.TooManyRequests as { headers: object };
    expect(Object.keys(tooMany.headers)).toContain("Retry-After");
  });

  it("is what docs/openapi.json holds", () => {
    const file = readFileSync(new URL("../../docs/openapi.json", import.meta.url), "utf8");
    if (file !== openApiJson(document)) expect.fail("docs/openapi.json is stale: run npm run openapi");
  });

  it("comes out the same on every build, so the file changes only with the contract", () => {
    expect(openApiJson(buildOpenApiDocument())).toBe(openApiJson(document));
  });
});

describe("the generator", () => {
  // Shapes the contract may grow: transforms, preprocessing, pipes, custom checks and open value sets.
  const status = z
    .string()
    .min(1)
    .superRefine(() => undefined)
    .meta({ knownValues: ["draft", "live"] });
  const table = [
    {
      id: "things.put",
      ...endpoint({
        group: "usage",
        method: "PUT",
        path: "/things/{thing_id}",
        summary: "A made-up endpoint",
        query: z.object({ count: z.coerce.number().int().min(1), kinds: queryList.optional() }),
        body: z.object({
          note: z.string().trim().pipe(z.string().max(5)),
          tags: z.array(z.string()).default([]),
        }),
        response: z.object({
          at: z.string().transform((text) => new Date(text)),
          status,
          tags: z.array(z.string()).default([]),
          size: z.preprocess((v) => Number(v), z.number()),
          custom: z.custom<string>((v) => typeof v === "string"),
        }),
      }),
    },
  ];
  const doc = buildOpenApiDocument(table);
  const op = doc.paths["/things/{thing_id}"]!.put!;

  it("writes them as valid OpenAPI without throwing", async () => {
    const { valid, errors } = await openApiErrors(doc);
    expect(errors ?? [], JSON.stringify(errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
  });

  it("reads requests as zod accepts them and answers as zod produces them", () => {
    const check = answerChecker(doc);
    const answer = { at: "anything", status: "archived", tags: [], size: 3, custom: "x" };
    expect(check("PUT", "/things/{thing_id}", 200, answer).errors).toEqual([]);
    // A default makes the field optional to send and always present in an answer.
    expect(check("PUT", "/things/{thing_id}", 200, { ...answer, tags: undefined }).errors).not.toEqual([]);
    const body =
      doc.components.schemas[
        (op.requestBody as { content: { "application/json": { schema: { $ref: string } } } }).content[
          "application/json"
        ].schema.$ref
          .split("/")
          .pop()!
      ]!;
    expect(body.required).toEqual(["note"]);
    expect(op.parameters).toEqual([
      { name: "thing_id", in: "path", required: true, schema: { type: "string" } },
      expect.objectContaining({
        name: "count",
        in: "query",
        required: true,
        schema: expect.objectContaining({ type: "integer" }),
      }),
      expect.objectContaining({ name: "kinds", in: "query", required: false }),
    ]);
  });

  it("lists an open value set's known values as examples, not as an enum", () => {
    const response = doc.components.schemas.ThingsPutResponse as { properties: Record<string, JsonSchema> };
    expect(response.properties.status).toMatchObject({ type: "string", examples: ["draft", "live"] });
    expect(response.properties.status!.enum).toBeUndefined();
  });
});
