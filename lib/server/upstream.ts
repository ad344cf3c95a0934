import "server-only";
import { createSvcClient } from "../svc/client";
import { env } from "./env";

/** The server's client of the service, for one user's key. */
export function serviceClient(apiKey: string) {
  const { svcBaseUrl, svcTimeoutMs } = env();
  return createSvcClient({ baseUrl: svcBaseUrl, apiKey, timeoutMs: svcTimeoutMs });
}
