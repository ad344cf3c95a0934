import type { Endpoints } from "./endpoints";

/**
 * One load shared by every caller, until it fails: a failed load (a dropped connection while
 * the chunk was fetched) is not kept, so the next caller tries again.
 */
export function sharedLoad<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}

/**
 * The contract table as the browser reads it: fetched as its own chunk with the first
 * request, not with the page. Building zod's schemas for all 96 endpoints was the largest
 * single piece of a page's first task (docs/page-budgets-decisions.md), and a page needs
 * the table only once it asks the service something.
 */
export const loadBrowserContract: () => Promise<Endpoints> = sharedLoad(() =>
  import("./endpoints").then((module) => module.endpoints),
);
