import { z } from "zod";

/**
 * One entry of the contract table. Everything that needs to know an endpoint (the typed
 * client, the BFF allowlist, the reference service's router, tests and docs) reads it from
 * here, so a path or a field name is written once.
 */
export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

export type EndpointGroup =
  | "listings"
  | "preferences"
  | "segments"
  | "market_report"
  | "sets"
  | "notes"
  | "tags"
  | "flags"
  | "team"
  | "notifications"
  | "webhooks"
  | "usage"
  | "api_keys";

export interface EndpointDef<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  group: EndpointGroup;
  method: HttpMethod;
  /** Path pattern exactly as the specification writes it, parameters in braces. */
  path: string;
  summary: string;
  query: Q;
  body: B | null;
  response: R;
  /** HTTP status of success (200 unless the decisions say otherwise). */
  status: number;
  /** Paid-only set endpoint: a free set answers 404. */
  paidOnly: boolean;
  /** Changes state: read-only keys get 403; the BFF checks origin. */
  write: boolean;
  /** Answers a bare JSON array page (docs/interface-decisions.md §1 pagination). */
  paginated: boolean;
  /** Identifies a listing by `{listing_id}` or batched ids, so `channel` applies. */
  listingScoped: boolean;
}

type Options<Q, B, R> = {
  group: EndpointGroup;
  method: HttpMethod;
  path: string;
  summary: string;
  query?: Q;
  body?: B;
  response: R;
  status?: number;
  paidOnly?: boolean;
  write?: boolean;
  paginated?: boolean;
  listingScoped?: boolean;
};

const noQuery = z.object({});

export function endpoint<
  R extends z.ZodType,
  Q extends z.ZodType = typeof noQuery,
  B extends z.ZodType = z.ZodNever,
>(options: Options<Q, B, R>): EndpointDef<Q, B, R> {
  return {
    group: options.group,
    method: options.method,
    path: options.path,
    summary: options.summary,
    query: (options.query ?? noQuery) as Q,
    body: options.body ?? null,
    response: options.response,
    status: options.status ?? 200,
    paidOnly: options.paidOnly ?? false,
    write: options.write ?? options.method !== "GET",
    paginated: options.paginated ?? false,
    listingScoped: options.listingScoped ?? options.path.includes("{listing_id}"),
  };
}

/** Names of the `{params}` of a path pattern, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}
