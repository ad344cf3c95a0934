/**
 * The home-made performance mechanisms a benchmark can switch off for one page load, to
 * measure on the same build what each is worth (bench:pages, BENCH_WITHOUT). A page switches
 * nothing off by itself: only a script the bench adds before the page's own sets the list.
 */
export type Mechanism = "warm-up" | "plot-queue" | "drawn-later";

/** The global the bench sets (bench/pages.ts): the mechanisms to leave out of this load. */
export const SWITCHES_GLOBAL = "__rateDeskWithout";

export function switchedOff(mechanism: Mechanism): boolean {
  if (typeof window === "undefined") return false;
  const off = (window as unknown as Record<string, unknown>)[SWITCHES_GLOBAL];
  return Array.isArray(off) && off.includes(mechanism);
}
