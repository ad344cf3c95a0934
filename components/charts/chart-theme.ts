/** The look every chart shares, in one place: colours, axis styling, recharts set-up. */

/** Colours of the usage charts; 429s take the one strong red. */
export const chartColors = {
  succeeded: "#60a5fa",
  otherErrors: "#f59e0b",
  rateLimited: "#dc2626",
  errorRate: "#b45309",
  p50: "#60a5fa",
  p95: "#2259bb",
  p99: "#0f172a",
} as const;

/** Colours of the set analytics charts (brand blues; my listings take the one warm colour). */
export const setChartColors = {
  bar: "#60a5fa",
  band: "#bfdbfe",
  median: "#1d4a99",
  members: "#93c5fd",
  mine: "#c2410c",
} as const;

/**
 * Series laid over one another (bedroom groups, compared markets): a dark line for the median
 * and a light band for p25–p75, distinct in hue and lightness so that they also part in grey.
 */
export const overlayColors = [
  { line: "#1d4a99", band: "#93c5fd" },
  { line: "#b45309", band: "#fcd34d" },
  { line: "#047857", band: "#6ee7b7" },
  { line: "#7e22ce", band: "#d8b4fe" },
] as const;

/** Percentile lines across a histogram: the median strongest. */
export const percentileColors = { median: "#0f172a", quartile: "#334155", decile: "#64748b" } as const;

/** Tick labels dark enough to read (slate-600 on white). */
export const axisTick = { fill: "#475569", fontSize: 12 } as const;
export const gridStroke = "#e2e8f0";

/**
 * The props of the recharts pieces every chart sets up the same way; a chart spreads them
 * (`<XAxis {...chartProps.xAxis} minTickGap={8} />`) and adds only what is its own.
 */
export const chartProps = {
  /**
   * The chart root: full width at a fixed height. The accessibility layer is off because the
   * plot is hidden from assistive technology; a table beside it carries the same figures.
   */
  frame: (height: number, top = 4) =>
    ({
      responsive: true,
      style: { width: "100%", height },
      margin: { top, right: 8, bottom: 0, left: 0 },
      accessibilityLayer: false,
    }) as const,
  /** Horizontal grid lines only. */
  grid: { stroke: gridStroke, vertical: false },
  /** The category axis: the points' `label`, no tick marks, a light base line. */
  xAxis: { dataKey: "label", tick: axisTick, tickLine: false, axisLine: { stroke: gridStroke } },
  /** The value axis: tick labels only, no line. */
  yAxis: { tick: axisTick, tickLine: false, axisLine: false },
  /** The unit written up the value axis ("USD", "%", "members"). */
  yLabel: (unit: string) => ({ value: unit, angle: -90, position: "insideLeft", ...axisTick }) as const,
  /** Tooltips appear at once (animation off, like the series). */
  tooltip: { isAnimationActive: false },
  /** Bar charts' tooltip also shades the hovered category. */
  barTooltip: { isAnimationActive: false, cursor: { fill: "#f1f5f9" } },
} as const;
