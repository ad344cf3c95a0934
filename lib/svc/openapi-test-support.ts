/**
 * Reading answers against the OpenAPI document the way an outside client would: Ajv for
 * JSON Schema 2020-12 (the dialect of OpenAPI 3.1), with formats checked, and the document's
 * own `$ref`s resolved inside it.
 */
import type { ErrorObject, ValidateFunction } from "ajv";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { JsonSchema } from "@/lib/svc/openapi-schemas";
import type { OpenApiDocument } from "@/lib/svc/openapi";

/** Where the document sits for Ajv; never fetched. */
const BASE = "https://rate-desk.invalid/openapi.json";
const JSON_TYPE = "application/json";

export function schemaAjv(): Ajv2020 {
  // Not strict: the document around the schemas (`paths`, `x-paid-only`) is no JSON Schema.
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv;
}

const pointer = (segments: string[]) =>
  segments.map((s) => `/${encodeURIComponent(s.replaceAll("~", "~0").replaceAll("/", "~1"))}`).join("");

export interface AnswerCheck {
  /** The document's response for this status (or its `default`), or null when it states none. */
  documented: boolean;
  /** Ajv's complaints about the body; empty when it conforms. */
  errors: ErrorObject[];
}

/** Checks answers of the operation `method path` against the response the document gives. */
export function answerChecker(document: OpenApiDocument) {
  const ajv = schemaAjv();
  ajv.addSchema({ ...document, $id: BASE });
  const compiled = new Map<string, ValidateFunction | null>();

  const validatorFor = (
    method: string,
    path: string,
    status: number,
  ): ValidateFunction | null | undefined => {
    const operation = document.paths[path]?.[method.toLowerCase()] as JsonSchema | undefined;
    const responses = operation?.responses as Record<string, JsonSchema> | undefined;
    if (!responses) throw new Error(`The document has no ${method} ${path}.`);
    let at = ["paths", path, method.toLowerCase(), "responses", String(status)];
    let response = responses[String(status)];
    if (!response) {
      at = ["paths", path, method.toLowerCase(), "responses", "default"];
      response = responses.default;
    }
    if (!response) return undefined;
    if (typeof response.$ref === "string") {
      at = response.$ref.slice(2).split("/");
      response = document.components.responses[at[at.length - 1]!]!;
    }
    const key = at.join("/");
    if (!compiled.has(key)) {
      const content = (response.content as Record<string, unknown> | undefined)?.[JSON_TYPE];
      compiled.set(
        key,
        content ? ajv.compile({ $ref: `${BASE}#${pointer([...at, "content", JSON_TYPE, "schema"])}` }) : null,
      );
    }
    return compiled.get(key);
  };

  return (method: string, path: string, status: number, body: unknown): AnswerCheck => {
    const validate = validatorFor(method, path, status);
    if (validate === undefined) return { documented: false, errors: [] };
    // A response without content is an empty body.
    if (validate === null) {
      const empty = body === null || body === "";
      return {
        documented: true,
        errors: empty ? [] : [{ message: "a body where none is documented" } as ErrorObject],
      };
    }
    return { documented: true, errors: validate(body) ? [] : [...(validate.errors ?? [])] };
  };
}
