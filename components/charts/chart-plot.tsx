"use client";

import { startTransition, useEffect, useRef, useState, type ComponentType } from "react";
import type { LazyPlot, PlotStage } from "@/components/charts/lazy-plot";
import { browserIdle, createPlotQueue, noTurns, type PlotQueue } from "@/components/charts/plot-queue";
import { switchedOff } from "@/lib/perf/switches";

let sharedQueue: PlotQueue | null = null;
/** One queue for the page, so that plots in different cards still take turns. */
const plotQueue = () => (sharedQueue ??= switchedOff("plot-queue") ? noTurns : createPlotQueue(browserIdle));

/**
 * The plot of a chart, hidden from assistive technology (the chart's table carries the same
 * figures and is rendered at once). The plot is drawn on its turn (plot-queue.ts), and its
 * code (`plot`, from `lazyPlot`) is fetched only then: a page's first load carries no plotting
 * code. The plot draws its frame, then its series in the next task (`PlotStage`). The turn
 * lasts until the plot has drawn whole, its code's arrival included, so that two plots never
 * evaluate or render in one task. Until then an empty box of the plot's height holds its
 * place, so nothing shifts when it arrives. Once drawn, it re-renders with `props` like any
 * component.
 */
export function ChartPlot<P extends PlotStage>({
  height,
  testId,
  plot,
  props,
}: {
  /** The plot's height in pixels, the same the plot's frame is given. */
  height: number;
  testId?: string;
  plot: LazyPlot<P>;
  props: NoInfer<Omit<P, keyof PlotStage>>;
}) {
  // The plot's component once its code has arrived and its turn has come, and its stage.
  const [drawn, setDrawn] = useState<{ Plot: ComponentType<P>; full: boolean } | null>(null);
  const [failed, setFailed] = useState(false);
  const ticket = useRef<ReturnType<PlotQueue["join"]> | null>(null);

  useEffect(() => {
    let left = false;
    const joined = plotQueue().join(() => {
      plot.load().then(
        // A transition: React may split the plot's render into slices between other work.
        (Plot) => !left && startTransition(() => setDrawn({ Plot, full: false })),
        () => {
          // The code did not arrive: the table still has the figures; the other plots go on.
          if (left) return;
          setFailed(true);
          joined.done();
        },
      );
    });
    ticket.current = joined;
    return () => {
      left = true;
      joined.leave();
    };
  }, [plot]);

  useEffect(() => {
    if (!drawn) return;
    // Drawn whole and committed: the next plot may take its turn.
    if (drawn.full) {
      ticket.current?.done();
      return;
    }
    // The frame has committed: the series come in a task of their own.
    const timer = window.setTimeout(() => startTransition(() => setDrawn({ ...drawn, full: true })), 0);
    return () => window.clearTimeout(timer);
  }, [drawn]);

  return (
    <div
      aria-hidden="true"
      data-testid={testId}
      // "drawn": the plot's SVG is in the page with its series.
      data-plot={drawn?.full ? "drawn" : failed ? "failed" : "waiting"}
      style={{ minHeight: height }}
    >
      {/* P is the plot's own props and its stage; `props` holds the first, this render the second. */}
      {drawn ? <drawn.Plot {...({ ...props, full: drawn.full } as P)} /> : null}
    </div>
  );
}
