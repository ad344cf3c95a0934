"use client";

import { lazyPart } from "@/components/ui/lazy";
import type { TooltipProps } from "@/components/ui/tooltip-popper";

/**
 * The hint's code (Radix's tooltip, its popper and floating-ui: about 18 KiB) comes only with
 * a page that shows one. Every tooltip here says why a control is unavailable (a read-only key,
 * a failed read), so a user with full access never loads it. A page rendered with one on the
 * server keeps that markup until the code arrives (React hydrates the boundary then); one that
 * appears later shows its control at once and gains the hint a moment after. A fetch that fails
 * leaves the control without its hint: each also says why in a note beside it.
 */
/** A hover-and-focus hint (Radix). Wrap disabled controls in a focusable span so the reason is reachable. */
export const Tooltip = lazyPart<TooltipProps>(() => import("@/components/ui/tooltip-popper"), {
  loading: ({ children }) => children,
  failed: ({ children }) => children,
});
