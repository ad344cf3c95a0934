import "server-only";
import { createSvcClient } from "@/lib/svc/client";
import { endpoints } from "@/lib/svc/endpoints";
import { env } from "@/lib/server/env";

/** The server's client of the service, for one user's key. */
export function serviceClient(apiKey: string) {
  const { svcBaseUrl, svcTimeoutMs } = env();
  return createSvcClient({ baseUrl: svcBaseUrl, contract: endpoints, apiKey, timeoutMs: svcTimeoutMs });
}

/**
 * Whether the service answers at all (any HTTP status counts): what open pages ask before
 * fetching again what failed while it was down. No key is sent, so no budget is spent.
 */
export async function serviceAnswers(timeoutMs = 3000): Promise<boolean> {
  try {
    const response = await fetch(`${env().svcBaseUrl}/`, {
      cache: "no-store",
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}
