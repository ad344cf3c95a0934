import type { Context } from "hono";
import type { z } from "zod";
import type { EndpointId } from "../lib/svc/endpoints";
import { matchPath } from "../lib/svc/match";
import { strictly } from "../lib/svc/schemas/reading";
import { ApiError, notImplemented } from "./domain/api-error";
import type { Caller, Handler, RouteTable, SandboxContext } from "./context";
import { parseBody, parseQuery } from "./http";
import { authenticate } from "./middleware/auth";
import { consumeRateLimit } from "./middleware/rate-limit";
import { resourceKey, withWriteLock } from "./middleware/write-lock";

/** Writes a read-only key may still make (docs/interface-decisions.md §1). */
const OPEN_TO_READ_ONLY: ReadonlySet<string> = new Set(["preferences.preview"]);

export type RequestRecord = {
  method: string;
  route: string | null;
  status: number;
  latencyMs: number;
  tokenId: string | null;
  userId: string | null;
  /** Service clock, unix milliseconds, when the request arrived. */
  atMs: number;
};

function errorResponse(error: ApiError, headers: Record<string, string>) {
  return new Response(JSON.stringify(error.body()), {
    status: error.status,
    headers: { "content-type": "application/json", ...headers, ...error.headers },
  });
}

/**
 * Serves every contract endpoint: the same matcher as the BFF picks the endpoint, then
 * authentication, rate limit, read-only keys, the channel rule, zod-validated query and
 * body, the write lock, the group's handler (501 until its issue lands) and a response
 * validated against the contract.
 */
export function createDispatcher(
  ctx: SandboxContext,
  routes: RouteTable,
  onRequest?: (record: RequestRecord) => void,
) {
  return async (c: Context): Promise<Response> => {
    const started = performance.now();
    const atMs = ctx.clock.nowMs();
    const url = new URL(c.req.url);
    let headers: Record<string, string> = {};
    let route: string | null = null;
    let caller: Caller | null = null;
    let response: Response;
    try {
      const match = matchPath(c.req.method, url.pathname);
      if (match.kind === "not_found") {
        throw new ApiError(404, "not_found", `No endpoint at ${c.req.method} ${url.pathname}.`);
      }
      if (match.kind === "method_not_allowed") {
        throw new ApiError(405, "method_not_allowed", `${c.req.method} is not allowed here.`, undefined, {
          Allow: match.allowed.join(", "),
        });
      }
      const { endpoint, params } = match;
      route = endpoint.path;
      caller = authenticate(ctx, c.req.header("x-api-key") ?? null);
      headers = consumeRateLimit(ctx, caller.key.token_id);

      if (caller.key.kind === "read_only" && endpoint.write && !OPEN_TO_READ_ONLY.has(endpoint.id)) {
        throw new ApiError(403, "read_only_key", "This API key is read-only; it cannot change data.");
      }
      if (endpoint.listingScoped && !url.searchParams.get("channel")) {
        throw new ApiError(
          400,
          "channel_required",
          "Say how the listing id is read: add channel=airbnb, vrbo, booking_com or svc.",
        );
      }
      const query = parseQuery(endpoint.query, url.searchParams);
      const body = endpoint.body ? await parseBody(endpoint.body, c.req.raw) : undefined;
      const handler = routes[endpoint.id as EndpointId] as Handler<EndpointId> | undefined;
      if (!handler) throw notImplemented(`${endpoint.method} ${endpoint.path}`);

      const run = async () => handler({ ctx, caller: caller!, params, query, body } as never);
      const result = endpoint.write
        ? await withWriteLock(
            ctx,
            endpoint.method,
            resourceKey(ctx, endpoint.path, params, url.searchParams.get("channel")),
            run,
          )
        : await run();

      // Strictly: our answers keep the exact shapes we chose, the open places closed.
      const checked = strictly(() => (endpoint.response as z.ZodType).safeParse(result.body));
      if (!checked.success) {
        console.error(`[sandbox] ${endpoint.id} answered off-contract:`, checked.error.issues.slice(0, 3));
        throw new ApiError(500, "internal_error", "The reference service produced an invalid answer.");
      }
      const extra: Record<string, string> = { ...result.headers };
      if (result.total !== undefined) extra["X-Total-Count"] = String(result.total);
      const status = result.status ?? endpoint.status;
      response =
        status === 204
          ? new Response(null, { status, headers: { ...headers, ...extra } })
          : new Response(JSON.stringify(checked.data), {
              status,
              headers: { "content-type": "application/json", ...headers, ...extra },
            });
    } catch (error) {
      if (error instanceof ApiError) {
        response = errorResponse(error, headers);
      } else {
        console.error("[sandbox] unexpected error:", error instanceof Error ? error.message : error);
        response = errorResponse(
          new ApiError(500, "internal_error", "The reference service failed to answer this request."),
          headers,
        );
      }
    }
    onRequest?.({
      method: c.req.method,
      route,
      status: response.status,
      latencyMs: performance.now() - started,
      tokenId: caller?.key.token_id ?? null,
      userId: caller?.user.id ?? null,
      atMs,
    });
    return response;
  };
}
