/**
 * Filling a path pattern needs nothing of the contract table. Kept apart from the matcher
 * (match.ts, which compiles the whole table) so that the service's client, part of every
 * page's first load, does not bring the table, zod and every schema with it.
 */

/** Fills a path pattern; every value is percent-encoded as one segment. */
export function buildPath(pattern: string, params: Record<string, string | number>): string {
  return pattern.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === "") throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
