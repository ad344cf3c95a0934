/**
 * The look every chart shares, in one place: colours, axis styling, recharts set-up. Colours
 * are CSS variables (app/globals.css, app/theme-dark.css) so that one chart reads in the light
 * and the dark theme alike; SVG attributes and inline styles resolve var() like any CSS.
 */

/** Colours of the usage charts; 429s take the one strong red. */
export const chartColors = {
  succeeded: "var(--chart-blue)",
  otherErrors: "var(--chart-amber)",
  rateLimited: "var(--chart-red)",
  errorRate: "var(--chart-amber-strong)",
  p50: "var(--chart-blue)",
  p95: "var(--chart-brand)",
  p99: "var(--chart-ink)",
} as const;

/** Colours of the pace chart: this year strong, the same time last year soft, last year's final grey. */
export const paceChartColors = {
  otb: "var(--chart-brand-strong)",
  stly: "var(--chart-blue-soft)",
  final: "var(--chart-ink-faint)",
} as const;

/** This year against last year (booking curve, booking windows): this year strong, last year soft (dashed as a line). */
export const yearColors = {
  thisYear: "var(--chart-brand-strong)",
  lastYear: "var(--chart-blue-soft)",
} as const;

/** Colours of the set analytics charts (brand blues; my listings take the one warm colour). */
export const setChartColors = {
  bar: "var(--chart-blue)",
  band: "var(--chart-blue-pale)",
  median: "var(--chart-brand-strong)",
  members: "var(--chart-blue-soft)",
  mine: "var(--chart-orange)",
} as const;

/**
 * Series laid over one another (bedroom groups, compared markets): a dark line for the median
 * and a light band for p25–p75, distinct in hue and lightness so that they also part in grey.
 */
export const overlayColors = [
  { line: "var(--chart-brand-strong)", band: "var(--chart-blue-band)" },
  { line: "var(--chart-amber-strong)", band: "var(--chart-amber-pale)" },
  { line: "var(--chart-green)", band: "var(--chart-green-pale)" },
  { line: "var(--chart-violet)", band: "var(--chart-violet-pale)" },
] as const;

/** Percentile lines across a histogram: the median strongest. */
export const percentileColors = {
  median: "var(--chart-ink)",
  quartile: "var(--chart-ink-soft)",
  decile: "var(--chart-ink-faint)",
} as const;

/** Tick labels dark enough to read (slate-600 on white, slate-400 on slate-900). */
export const axisTick = { fill: "var(--chart-axis)", fontSize: 12 } as const;
export const gridStroke = "var(--chart-grid)";
/** The shade behind a hovered category, and the colour of text drawn on a plot. */
export const cursorFill = "var(--chart-cursor)";
export const plotText = "var(--chart-ink-soft)";
/**
 * A tooltip's box and lines in the theme's surface and ink, whatever the series' colour:
 * recharts writes each line in its series' colour on a white box, and a pale series (#60a5fa)
 * read at 2.5:1 (and the box stayed white in the dark theme).
 */
const tooltipBox = {
  contentStyle: { backgroundColor: "var(--chart-surface)", borderColor: "var(--chart-grid)" },
  labelStyle: { color: "var(--chart-ink)" },
  itemStyle: { color: "var(--chart-ink)" },
};

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
  /** Tooltips appear at once (animation off, like the series), in the theme's colours. */
  tooltip: { isAnimationActive: false, ...tooltipBox },
  /** Bar charts' tooltip also shades the hovered category. */
  barTooltip: { isAnimationActive: false, ...tooltipBox, cursor: { fill: cursorFill } },
} as const;
