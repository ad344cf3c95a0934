import { z } from "zod";

/**
 * The sets and segments this browser opened last, for the Overview's shortcuts; recorded by
 * the pages that open them, so it sits with the shell that every feature shares. Kept in
 * localStorage: it is a convenience of one browser, not account data, and costs no request.
 * Whatever is stored is read defensively: a stale or hand-edited value yields an empty list.
 */

export const RECENT_STORAGE_KEY = "rate-desk:recent";
export const RECENT_LIMIT = 6;

const recentEntry = z.object({
  kind: z.enum(["set", "segment"]),
  id: z.string().min(1),
  name: z.string(),
  at: z.number(),
});
export type RecentEntry = z.infer<typeof recentEntry>;

export function parseRecent(raw: string | null): RecentEntry[] {
  if (!raw) return [];
  try {
    const parsed = z.array(recentEntry).safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.slice(0, RECENT_LIMIT) : [];
  } catch {
    return [];
  }
}

/** The entry first, any earlier visit of the same thing dropped, at most RECENT_LIMIT. */
export function remember(list: readonly RecentEntry[], entry: RecentEntry): RecentEntry[] {
  return [entry, ...list.filter((e) => !(e.kind === entry.kind && e.id === entry.id))].slice(0, RECENT_LIMIT);
}

/** Paths of the entries' pages. */
export const recentHref = (entry: Pick<RecentEntry, "kind" | "id">) =>
  entry.kind === "set"
    ? `/sets/${encodeURIComponent(entry.id)}`
    : `/segments/${encodeURIComponent(entry.id)}`;
