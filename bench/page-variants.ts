/**
 * The variants bench:pages can load a page in, to measure on the same build what the
 * dashboard's one home-made performance mechanism is worth: as built, and with it left out.
 * BENCH_WITHOUT names it: `compile-hints`, the `//# allFunctionsCalledOnLoad` line the build
 * puts on every script (scripts/compile-hints.mjs), taken off each script as it is served.
 *
 * When compile hints are compared, every variant's scripts pass through the same interception
 * (only the line differs), so the interception's own cost is in both figures; it also bypasses
 * the browser's HTTP cache, so warm loads then fetch their scripts again.
 */
import type { BrowserContext } from "@playwright/test";
import { COMPILE_HINT } from "../scripts/compile-hints.mjs";

export const MECHANISMS = ["compile-hints"] as const;
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
