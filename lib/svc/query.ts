/** Query strings in and out, one way for the client, the BFF and the reference service. */

/** Query values as the wire carries them: arrays comma-joined, absent values dropped. */
export function serializeQuery(query: Record<string, unknown> | undefined): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    search.set(key, Array.isArray(value) ? value.join(",") : String(value));
  }
  return search;
}

/** Query string to an object; a repeated key becomes an array so schemas can reject or merge it. */
export function queryToObject(search: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of search) {
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}
