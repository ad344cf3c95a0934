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

/** A module's default export fetched when first needed, and at hand at once after it arrived. */
export interface PartLoader<T> {
  /** Fetches the module: once, and again after a failed attempt. */
  load(): Promise<T>;
  /** The export once fetched (a component mounted later draws it at once), else null. */
  loaded(): T | null;
}

/** `importPart` is `() => import("./x")`: written out, so that the bundler splits there. */
export function partLoader<T>(importPart: () => Promise<{ default: T }>): PartLoader<T> {
  let part: T | null = null;
  const load = sharedLoad(() => importPart().then((module) => (part = module.default)));
  return { load, loaded: () => part };
}
