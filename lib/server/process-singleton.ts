/**
 * One value per process, shared by every copy of the module that asks for it. Next may load a
 * server module once per route bundle, so a plain module-level value would exist several
 * times: two stores opened, two sets of listeners, events processed twice. The value is kept
 * on globalThis under a registered symbol, made on first use.
 */
export function processSingleton<T>(name: string, make: () => T): T {
  const key = Symbol.for(`rate-desk.${name}`);
  const holder = globalThis as unknown as Record<symbol, T | undefined>;
  if (!(key in holder)) holder[key] = make();
  return holder[key] as T;
}

/**
 * The same for a value opened asynchronously: every caller shares the one opening, and an
 * opening that failed is forgotten, so that the next caller tries again.
 */
export function processSingletonOpening<T>(name: string, open: () => Promise<T>): () => Promise<T> {
  const slot = processSingleton(name, () => ({ opening: undefined as Promise<T> | undefined }));
  return () =>
    (slot.opening ??= open().catch((error: unknown) => {
      slot.opening = undefined;
      throw error;
    }));
}
