import type { z } from "zod";
import { PER_PAGE_DEFAULT } from "../lib/svc/schemas/common";
import { queryToObject } from "../lib/svc/query";
import { ApiError } from "./domain/api-error";

/** A schema may name the service's error code for an issue (`params.code`, e.g. window_too_long). */
function codeOf(issues: z.core.$ZodIssue[], fallback: string): string {
  for (const issue of issues) {
    const code = (issue as { params?: { code?: unknown } }).params?.code;
    if (typeof code === "string") return code;
  }
  return fallback;
}

function fieldsOf(issues: z.core.$ZodIssue[]) {
  return issues.map((issue) => ({ field: issue.path.join(".") || "(root)", message: issue.message }));
}

/** 400 naming each offending parameter. */
export function parseQuery<S extends z.ZodType>(schema: S, search: URLSearchParams): z.output<S> {
  const parsed = schema.safeParse(queryToObject(search));
  if (!parsed.success) {
    const fields = fieldsOf(parsed.error.issues);
    throw new ApiError(
      400,
      codeOf(parsed.error.issues, "invalid_query"),
      `Invalid query parameter ${fields.map((f) => f.field).join(", ")}: ${fields[0]!.message}.`,
      { fields },
    );
  }
  return parsed.data;
}

/** 415 for a body that is not JSON, 400 for malformed JSON or a body the schema refuses. */
/** Larger bodies are refused whole (413): no endpoint takes anything near this size. */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

export async function parseBody<S extends z.ZodType>(schema: S, request: Request): Promise<z.output<S>> {
  const type = request.headers.get("content-type") ?? "";
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) throw bodyTooLarge();
  const text = await request.text();
  if (Buffer.byteLength(text, "utf8") > MAX_BODY_BYTES) throw bodyTooLarge();
  if (text.trim() === "") {
    const empty = schema.safeParse(undefined);
    if (empty.success) return empty.data;
  }
  if (!/^application\/json\b/i.test(type)) {
    throw new ApiError(415, "unsupported_media_type", "Send the body as application/json.");
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError(400, "malformed_json", "The body is not valid JSON.");
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const fields = fieldsOf(parsed.error.issues);
    throw new ApiError(
      400,
      codeOf(parsed.error.issues, "invalid_body"),
      `Invalid ${fields.map((f) => f.field).join(", ")}: ${fields[0]!.message}.`,
      { fields },
    );
  }
  return parsed.data;
}

function bodyTooLarge(): ApiError {
  return new ApiError(413, "body_too_large", `The body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB.`);
}

export type PageQuery = { page?: number; offset?: number; per_page?: number };

/** docs/interface-decisions.md §1: a bare array page plus the total for `X-Total-Count`. */
/** The slice a page query asks for: `limit` rows from `offset`. Page and offset together: 400. */
export function pageWindow(query: PageQuery): { limit: number; offset: number } {
  if (query.page !== undefined && query.offset !== undefined) {
    throw new ApiError(400, "invalid_query", "Use either page or offset, not both.", {
      fields: [{ field: "offset", message: "Use either page or offset, not both." }],
    });
  }
  const limit = query.per_page ?? PER_PAGE_DEFAULT;
  return { limit, offset: query.offset ?? ((query.page ?? 1) - 1) * limit };
}

export function paginate<T>(rows: T[], query: PageQuery): { items: T[]; total: number } {
  const { limit, offset } = pageWindow(query);
  return { items: rows.slice(offset, offset + limit), total: rows.length };
}
