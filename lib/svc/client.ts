import type { z } from "zod";
import { PART_NOT_LOADED } from "@/lib/lazy-chunk";
import type { EndpointDef } from "@/lib/svc/endpoint";
import type { EndpointId, Endpoints } from "@/lib/svc/endpoints";
import { readRateLimit, SvcError, type RateLimitInfo } from "@/lib/svc/errors";
import { buildPath } from "@/lib/svc/paths";
import { unknownFields } from "@/lib/svc/differences";
import { readAnswer, type SkippedRow } from "@/lib/svc/read-answer";
import { queryToObject, serializeQuery } from "@/lib/svc/query";

/**
 * The typed client over the contract table. The same client serves the server (base URL of
 * the service, with the API key) and the browser (base URL `/api/svc`, no key: the BFF adds
 * it). Every failure becomes one SvcError.
 */
export type EndpointQuery<Id extends EndpointId> = z.input<Endpoints[Id]["query"]>;
type BodySchema<Id extends EndpointId> = NonNullable<Endpoints[Id]["body"]>;
export type EndpointBody<Id extends EndpointId> = [BodySchema<Id>] extends [z.ZodNever]
  ? never
  : z.input<BodySchema<Id>>;
export type EndpointResult<Id extends EndpointId> = z.output<Endpoints[Id]["response"]>;

export type CallInput<Id extends EndpointId> = {
  params?: Record<string, string | number>;
  query?: EndpointQuery<Id>;
  body?: EndpointBody<Id>;
  signal?: AbortSignal;
};

export interface SvcResponse<T> {
  data: T;
  status: number;
  rateLimit: RateLimitInfo;
  /** From `X-Total-Count`, which clients must treat as optional. */
  totalCount: number | null;
  /** Rows of the answer that could not be read, set aside so the rest is shown. */
  skipped: SkippedRow[];
}

export interface SvcClientConfig {
  baseUrl: string;
  /**
   * The contract table, or how to load it. The server hands the table itself; the browser
   * loads it with its first request (browser-contract.ts), because zod and the schemas of
   * every endpoint are otherwise evaluated before any page can answer its user.
   */
  contract: Endpoints | (() => Promise<Endpoints>);
  apiKey?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Sees every answer's rate-limit headers and status (the headroom indicator listens here). */
  onRateLimit?: (info: RateLimitInfo, status: number) => void;
  /** Hears every read: the rows it set aside (none when the answer read cleanly). */
  onRead?: (read: { method: string; path: string; skipped: SkippedRow[] }) => void;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

/** The code of a change the service applied (2xx) whose answer could not be read. */
export const APPLIED_UNREADABLE = "applied_unreadable";

function issuesByField(issues: z.core.$ZodIssue[]) {
  return issues.map((issue) => ({ field: issue.path.join("."), message: issue.message }));
}

async function readContract(contract: SvcClientConfig["contract"]): Promise<Endpoints> {
  if (typeof contract !== "function") return contract;
  try {
    return await contract();
  } catch {
    throw new SvcError({
      status: 503,
      code: "contract_unavailable",
      message: PART_NOT_LOADED,
    });
  }
}

export function createSvcClient(config: SvcClientConfig) {
  const doFetch = config.fetch ?? fetch;
  const base = config.baseUrl.replace(/\/$/, "");

  async function request<Id extends EndpointId>(
    id: Id,
    input: CallInput<Id> = {},
  ): Promise<SvcResponse<EndpointResult<Id>>> {
    const def = (await readContract(config.contract))[id] as EndpointDef;
    const search = serializeQuery(input.query as Record<string, unknown> | undefined);
    const checkedQuery = def.query.safeParse(queryToObject(search));
    if (!checkedQuery.success) {
      throw new SvcError({
        status: 400,
        code: "invalid_query",
        message: `Invalid query for ${def.method} ${def.path}.`,
        details: { fields: issuesByField(checkedQuery.error.issues) },
      });
    }
    // Write strictly: what goes out is the parsed body, and a field the contract does not
    // name is refused here rather than silently dropped.
    let body: unknown = undefined;
    if (def.body && input.body !== undefined) {
      const checkedBody = def.body.safeParse(input.body);
      const unknown = unknownFields(def.body, input.body);
      if (!checkedBody.success || unknown.length > 0) {
        throw new SvcError({
          status: 400,
          code: "invalid_body",
          message: `Invalid body for ${def.method} ${def.path}.`,
          details: {
            fields: [
              ...(checkedBody.success ? [] : issuesByField(checkedBody.error.issues)),
              ...unknown.map((field) => ({ field, message: "not a field of this request" })),
            ],
          },
        });
      }
      body = checkedBody.data;
    }

    const qs = search.toString();
    const url = `${base}${buildPath(def.path, input.params ?? {})}${qs ? `?${qs}` : ""}`;
    const headers: Record<string, string> = { accept: "application/json" };
    if (config.apiKey) headers["x-api-key"] = config.apiKey;
    if (input.body !== undefined) headers["content-type"] = "application/json";

    const timeout = AbortSignal.timeout(config.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;

    let response: Response;
    try {
      response = await doFetch(url, {
        method: def.method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
        cache: "no-store",
      });
    } catch (error) {
      if (input.signal?.aborted) throw error;
      const timedOut = timeout.aborted;
      throw new SvcError({
        status: timedOut ? 504 : 502,
        code: timedOut ? "upstream_timeout" : "upstream_unreachable",
        message: timedOut
          ? "The pricing service did not answer in time."
          : "The pricing service could not be reached.",
      });
    }

    const rateLimit = readRateLimit(response.headers);
    config.onRateLimit?.(rateLimit, response.status);
    const text = await response.text();
    let json: unknown = undefined;
    if (text) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    if (!response.ok) throw SvcError.fromResponse(response.status, text, response.headers);

    const read = readAnswer(def.response, json);
    if (!read.ok) {
      const fields = issuesByField(read.issues).slice(0, 20);
      // The service said 2xx to a change: it happened. Saying "not saved" would invite a
      // second, duplicate change; the caller re-reads and says what could not be shown.
      if (def.write) {
        throw new SvcError({
          status: response.status,
          code: APPLIED_UNREADABLE,
          message: `The change was saved, but the service's answer could not be shown (${fields
            .slice(0, 3)
            .map((f) => f.field || "the answer")
            .join(", ")}).`,
          details: { fields, answer: json },
          rateLimit,
        });
      }
      throw new SvcError({
        status: 502,
        code: "invalid_response",
        message: `The service's answer to ${def.method} ${def.path} did not match the contract.`,
        details: { fields },
        rateLimit,
      });
    }
    config.onRead?.({ method: def.method, path: def.path, skipped: read.skipped });
    const total = response.headers.get("x-total-count");
    return {
      data: read.data as EndpointResult<Id>,
      status: response.status,
      rateLimit,
      totalCount: total !== null && /^\d+$/.test(total) ? Number(total) : null,
      skipped: read.skipped,
    };
  }

  return {
    request,
    /** The validated data alone. */
    call: async <Id extends EndpointId>(id: Id, input?: CallInput<Id>) => (await request(id, input)).data,
  };
}

export type SvcClient = ReturnType<typeof createSvcClient>;
