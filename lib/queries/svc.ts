import { createRateLimitStore } from "../shell/rate-limit-store";
import { createReadNoticeStore } from "../shell/read-notices";
import { loadBrowserContract } from "../svc/browser-contract";
import { createSvcClient } from "../svc/client";

/** Where the browser reaches the service: the BFF, which adds the key server-side. */
export const rateLimitStore = createRateLimitStore();
export const readNoticeStore = createReadNoticeStore();
export const svc = createSvcClient({
  baseUrl: "/api/svc",
  contract: loadBrowserContract,
  onRateLimit: rateLimitStore.record,
  onRead: readNoticeStore.record,
});
