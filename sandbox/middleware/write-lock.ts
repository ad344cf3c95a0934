import { ApiError } from "../domain/api-error";
import type { SandboxContext } from "../context";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * docs/interface-decisions.md §1: a PUT on a resource while another write on it is in progress
 * answers 409. Each write holds its resource for the configured processing time so the
 * rule can be observed.
 */
export async function withWriteLock<T>(
  ctx: SandboxContext,
  method: string,
  resource: string,
  run: () => Promise<T>,
): Promise<T> {
  const { writesInProgress } = ctx.state;
  if (writesInProgress.has(resource)) {
    if (method === "PUT") {
      throw new ApiError(
        409,
        "conflict",
        "Another change to this resource is in progress; retry after it completes.",
      );
    }
    while (writesInProgress.has(resource)) await sleep(5);
  }
  writesInProgress.add(resource);
  try {
    if (ctx.config.writeLatencyMs > 0) await sleep(ctx.config.writeLatencyMs);
    return await run();
  } finally {
    writesInProgress.delete(resource);
  }
}

/**
 * The resource a write targets, whatever way the request names it: the endpoint's pattern
 * with its parameters, the listing given as its svc id (so `/listings/6907145/tags?channel=vrbo`
 * and `/listings/1000006/tags?channel=svc` are one resource).
 */
export function resourceKey(
  ctx: SandboxContext,
  pattern: string,
  params: Record<string, string>,
  channel: string | null,
): string {
  const resolved = { ...params };
  if (params.listing_id !== undefined && channel && channel !== "svc") {
    const row = ctx.db
      .prepare(`SELECT svc_id FROM listings WHERE channel = ? AND channel_listing_id = ?`)
      .get(channel, params.listing_id) as { svc_id: string } | undefined;
    if (row) resolved.listing_id = row.svc_id;
  }
  return pattern.replace(/\{(\w+)\}/g, (_, name: string) => resolved[name] ?? "");
}
