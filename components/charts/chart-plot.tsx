"use client";

import { startTransition, useEffect, useRef, useState, type ReactNode } from "react";
import { browserIdle, createPlotQueue, type PlotQueue } from "./plot-queue";

let sharedQueue: PlotQueue | null = null;
/** One queue for the page, so that plots in different cards still take turns. */
const plotQueue = () => (sharedQueue ??= createPlotQueue(browserIdle));

/**
 * The plot of a chart, hidden from assistive technology (the chart's table carries the same
 * figures and is rendered at once). The plot itself is drawn on its turn (plot-queue.ts):
 * until then an empty box of the plot's height holds its place, so nothing shifts when it
 * arrives. Once drawn, it re-renders with its data like any component.
 */
export function ChartPlot({
  height,
  testId,
  children,
}: {
  /** The plot's height in pixels, the same the chart's frame is given. */
  height: number;
  testId?: string;
  children: ReactNode;
}) {
  const [drawn, setDrawn] = useState(false);
  const ticket = useRef<ReturnType<PlotQueue["join"]> | null>(null);

  useEffect(() => {
    // A transition: React may split the plot's render into slices between other work.
    const joined = plotQueue().join(() => startTransition(() => setDrawn(true)));
    ticket.current = joined;
    return joined.leave;
  }, []);

  useEffect(() => {
    // Committed: the next plot may take its turn.
    if (drawn) ticket.current?.done();
  }, [drawn]);

  return (
    <div
      aria-hidden="true"
      data-testid={testId}
      data-plot={drawn ? "drawn" : "waiting"}
      style={{ minHeight: height }}
    >
      {drawn ? children : null}
    </div>
  );
}
