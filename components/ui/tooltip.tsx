"use client";

import { lazy, Suspense, type ComponentType } from "react";
import type { TooltipProps } from "./tooltip-popper";

/**
 * The hint's code (Radix's tooltip, its popper and floating-ui: about 18 KiB) comes only with
 * a page that shows one. Every tooltip here says why a control is unavailable (a read-only key,
 * a failed read), so a user with full access never loads it. A page rendered with one on the
 * server keeps that markup until the code arrives (React hydrates the boundary then); one that
 * appears later shows its control at once and gains the hint a moment after. A fetch that fails
 * leaves the control without its hint: each also says why in a note beside it.
 */
const TooltipPopper = lazy((): Promise<{ default: ComponentType<TooltipProps> }> =>
  import("./tooltip-popper").catch(() => ({ default: ({ children }: TooltipProps) => children })),
);

/** A hover-and-focus hint (Radix). Wrap disabled controls in a focusable span so the reason is reachable. */
export function Tooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <TooltipPopper {...props} />
    </Suspense>
  );
}
