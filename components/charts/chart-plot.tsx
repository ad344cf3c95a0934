"use client";

import { startTransition, useEffect, useState, type ComponentType } from "react";
import type { LazyPlot, PlotStage } from "@/components/charts/lazy-plot";

/**
 * The plot of a chart, hidden from assistive technology (the chart's table carries the same
 * figures and is rendered at once). Its code (`plot`, from `lazyPlot`) is fetched after the
 * page has mounted: a page's first load carries no plotting code. The plot draws its frame,
 * then its series in the next task (`PlotStage`). Until then an empty box of the plot's height
 * holds its place, so nothing shifts when it arrives. Once drawn, it re-renders with `props`
 * like any component.
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
  // The plot's component once its code has arrived, and its stage.
  const [drawn, setDrawn] = useState<{ Plot: ComponentType<P>; full: boolean } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let left = false;
    plot.load().then(
      // A transition: React may split the plot's render into slices between other work.
      (Plot) => !left && startTransition(() => setDrawn({ Plot, full: false })),
      // The code did not arrive: the table still has the figures.
      () => !left && setFailed(true),
    );
    return () => {
      left = true;
    };
  }, [plot]);

  useEffect(() => {
    if (!drawn || drawn.full) return;
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
