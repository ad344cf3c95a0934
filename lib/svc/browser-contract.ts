import { sharedLoad } from "@/lib/lazy-chunk";
import type { Endpoints } from "@/lib/svc/endpoints";

/**
 * The contract table as the browser reads it: fetched as its own chunk with the first
 * request, not with the page. Building zod's schemas for all 96 endpoints was the largest
 * single piece of a page's first task (docs/page-budgets-decisions.md), and a page needs
 * the table only once it asks the service something. A failed load is tried again by the
 * next request.
 */
export const loadBrowserContract: () => Promise<Endpoints> = sharedLoad(() =>
  import("@/lib/svc/endpoints").then((module) => module.endpoints),
);
