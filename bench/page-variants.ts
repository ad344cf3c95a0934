/**
 * The variants bench:pages can load a page in, to measure on the same build what each of the
 * dashboard's home-made performance mechanisms is worth: as built, and with one mechanism left
 * out. BENCH_WITHOUT names the mechanisms (`,`-separated):
 *
 * - `compile-hints`: the `//# allFunctionsCalledOnLoad` line the build puts on every script
 *   (scripts/compile-hints.mjs), taken off each script as it is served;
 * - `warm-up`, `plot-queue`, `drawn-later`: switched off in the page (lib/perf/switches.ts).
 *
 * When compile hints are compared, every variant's scripts pass through the same interception
 * (only the line differs), so the interception's own cost is in both figures; it also bypasses
 * the browser's HTTP cache, so warm loads then fetch their scripts again.
 */
import type { BrowserContext } from "@playwright/test";
import { COMPILE_HINT } from "../scripts/compile-hints.mjs";
import { SWITCHES_GLOBAL, type Mechanism } from "../lib/perf/switches";

const IN_PAGE: readonly Mechanism[] = ["warm-up", "plot-queue", "drawn-later"];
export const MECHANISMS = ["compile-hints", ...IN_PAGE] as const;
export type Switchable = (typeof MECHANISMS)[number];

export interface Variant {
  /** "as built", or "without <mechanism>". */
  name: string;
  without: Switchable | null;
}

/** The variants BENCH_WITHOUT asks for: as built first, then one per mechanism left out. */
export function variantsFrom(text: string | undefined): Variant[] {
  const asked = (text ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = asked.filter((s) => !(MECHANISMS as readonly string[]).includes(s));
  if (unknown.length > 0)
    throw new Error(`BENCH_WITHOUT: unknown ${unknown.join(", ")}; known: ${MECHANISMS.join(", ")}.`);
  return [
    { name: "as built", without: null },
    ...(asked as Switchable[]).map((m) => ({ name: `without ${m}`, without: m })),
  ];
}

/** Prepares a new context to load pages as `variant`; `compared` are all the variants of the run. */
export async function applyVariant(context: BrowserContext, variant: Variant, compared: Variant[]) {
  if (variant.without && (IN_PAGE as readonly string[]).includes(variant.without))
    await context.addInitScript({
      content: `window.${SWITCHES_GLOBAL} = ${JSON.stringify([variant.without])};`,
    });
  if (!compared.some((v) => v.without === "compile-hints")) return;
  const strip = variant.without === "compile-hints";
  await context.route("**/_next/static/**/*.js", async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    await route.fulfill({
      response,
      body: strip && body.startsWith(COMPILE_HINT) ? body.slice(COMPILE_HINT.length) : body,
    });
  });
}
