/**
 * Code fetched when it is first needed rather than with the page (the contract table, a
 * chart's plot): loaded once and shared by every caller. A failed load (a connection dropped
 * while the chunk was fetched, a deploy that replaced it) is not kept, so the next caller
 * tries again instead of failing for good.
 */
export function sharedLoad<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}

/** What a page says when a piece of its code could not be fetched (the user can act on it). */
export const PART_NOT_LOADED =
  "Part of this page could not be loaded. Check your connection and reload the page.";
