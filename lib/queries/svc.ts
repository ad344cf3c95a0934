import { createRateLimitStore } from "@/lib/shell/rate-limit-store";
import { createReadNoticeStore } from "@/lib/shell/read-notices";
import { loadBrowserContract } from "@/lib/svc/browser-contract";
import { createSvcClient } from "@/lib/svc/client";

/** Where the browser reaches the service: the BFF, which adds the key server-side. */
export const rateLimitStore = createRateLimitStore();
export const readNoticeStore = createReadNoticeStore();
export const svc = createSvcClient({
  baseUrl: "/api/svc",
  contract: loadBrowserContract,
  onRateLimit: rateLimitStore.record,
  onRead: readNoticeStore.record,
});
