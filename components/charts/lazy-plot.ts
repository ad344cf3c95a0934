import type { ComponentType } from "react";

/**
 * A chart's plot whose code (recharts and the plot's own module) is fetched only when the plot
 * is first drawn, not with the page: recharts is about 106 KiB compressed, and a page's first
 * load should not pay for pictures that `ChartPlot` draws later anyway. One module per plot
 * kind, imported once and shared by every chart of that kind on the page.
 */
export interface LazyPlot<P> {
  /** Fetches and evaluates the plot's module: once, and again after a failed attempt. */
  load(): Promise<ComponentType<P>>;
}

/** `importPlot` is `() => import("./x-plot")`: written out, so that the bundler splits there. */
export function lazyPlot<P>(importPlot: () => Promise<{ default: ComponentType<P> }>): LazyPlot<P> {
  let pending: Promise<ComponentType<P>> | null = null;
  return {
    load() {
      pending ??= importPlot().then(
        (module) => module.default,
        (error: unknown) => {
          // A chunk that failed to arrive (a dropped connection, a deploy) is asked for again
          // by the next plot of this kind rather than failing for good.
          pending = null;
          throw error;
        },
      );
      return pending;
    },
  };
}
