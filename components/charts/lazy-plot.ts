import type { ComponentType } from "react";
import { sharedLoad } from "@/lib/lazy-chunk";

/**
 * A chart's plot whose code (recharts and the plot's own module) is fetched only when the plot
 * is first drawn, not with the page: recharts is about 106 KiB compressed, and a page's first
 * load should not pay for pictures that `ChartPlot` draws later anyway. One module per plot
 * kind, imported once and shared by every chart of that kind on the page.
 */
export interface LazyPlot<P> {
  /** Fetches and evaluates the plot's module: once, and again after a failed attempt (lib/lazy-chunk.ts). */
  load(): Promise<ComponentType<P>>;
}

/**
 * What `ChartPlot` gives every plot besides its own props. A plot draws in two renders: its
 * frame (grid and axes) first, then, in a task of its own, its series, marks and tooltip.
 * recharts re-renders a plot synchronously as its parts register, so React cannot slice one
 * plot's mount; mounted whole, one plot was a task of 51–81 ms on these machines
 * (docs/page-budgets-decisions.md, "A plot draws its frame, then its series").
 */
export interface PlotStage {
  /** False for the frame's render, true once the series may be drawn. */
  full: boolean;
}

/** `importPlot` is `() => import("./x-plot")`: written out, so that the bundler splits there. */
export function lazyPlot<P>(importPlot: () => Promise<{ default: ComponentType<P> }>): LazyPlot<P> {
  return { load: sharedLoad(() => importPlot().then((module) => module.default)) };
}
