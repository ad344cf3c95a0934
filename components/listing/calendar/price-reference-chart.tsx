"use client";

import { format, parseISO } from "date-fns";
import { Area, CartesianGrid, ComposedChart, Line, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";
import type { WeeklyReferencePoint } from "@/lib/listing/calendar/neighborhood-reference";
import { ChartDataTable } from "../../charts/chart-data-table";
import { ChartLegend } from "../../charts/chart-legend";
import { chartProps } from "../../charts/chart-theme";
import { money } from "./calendar-display";
import { ChartPlot } from "../../charts/chart-plot";

const colors = {
  price: "var(--chart-brand)",
  recommended: "var(--chart-amber-strong)",
  median: "var(--chart-axis)",
  band: "var(--chart-neutral)",
  limit: "var(--chart-red)",
} as const;

/** The lines, drawn in this order (your price on top). */
const LINES = [
  { key: "median", name: "Neighborhood median", width: 1.5, dash: undefined },
  { key: "recommended", name: "Recommendation", width: 1.5, dash: "5 4" },
  { key: "price", name: "Your price", width: 2, dash: undefined },
] as const;

/**
 * The year week by week: your price and the recommendation against the neighborhood's median
 * and its p25–p75 band, with your minimum and maximum prices as reference lines. Weeks without
 * neighborhood figures are gaps. The plot is hidden from assistive technology; the same
 * figures are in a visually hidden table.
 */
export function PriceReferenceChart({
  data,
  currency,
  minPrice,
  maxPrice,
  height = 240,
}: {
  data: WeeklyReferencePoint[];
  currency: string;
  minPrice: number | null;
  maxPrice: number | null;
  height?: number;
}) {
  const rows = data.map((p) => ({ ...p, label: format(parseISO(p.weekStart), "d MMM") }));
  const show = (value: number | null) => (value === null ? "unknown" : money(value, currency));
  const legend = [
    { label: "Your price", color: colors.price },
    { label: "Recommendation", color: colors.recommended, dashed: true },
    { label: "Neighborhood median", color: colors.median },
    { label: "Neighborhood p25–p75", color: colors.band, bar: true },
    ...(minPrice !== null || maxPrice !== null
      ? [{ label: "Your min and max price", color: colors.limit, dashed: true }]
      : []),
  ];
  return (
    <>
      <ChartLegend items={legend} />
      <ChartPlot height={height}>
        <ComposedChart data={rows} {...chartProps.frame(height)}>
          <CartesianGrid {...chartProps.grid} />
          <XAxis {...chartProps.xAxis} minTickGap={24} />
          <YAxis {...chartProps.yAxis} width={56} tickFormatter={(v: number) => money(v, currency)} />
          <Tooltip
            {...chartProps.tooltip}
            formatter={(value) =>
              Array.isArray(value)
                ? value.map((v) => money(Number(v), currency)).join("–")
                : typeof value === "number"
                  ? money(value, currency)
                  : String(value)
            }
          />
          <Area
            dataKey="band"
            name="Neighborhood p25–p75"
            stroke="none"
            fill={colors.band}
            fillOpacity={0.6}
            connectNulls={false}
            isAnimationActive={false}
          />
          {LINES.map((l) => (
            <Line
              key={l.key}
              dataKey={l.key}
              name={l.name}
              stroke={colors[l.key]}
              strokeWidth={l.width}
              strokeDasharray={l.dash}
              dot={false}
              connectNulls={false}
              isAnimationActive={false}
            />
          ))}
          {[minPrice, maxPrice].map((y, i) =>
            y !== null ? (
              <ReferenceLine
                key={i}
                y={y}
                stroke={colors.limit}
                strokeDasharray="3 3"
                ifOverflow="extendDomain"
              />
            ) : null,
          )}
        </ComposedChart>
      </ChartPlot>
      <ChartDataTable
        caption={`Weekly averages in ${currency}: your price, the recommendation and the neighborhood`}
        columns={[
          "Week of",
          "Your price",
          "Recommendation",
          "Neighborhood median",
          "Neighborhood p25",
          "Neighborhood p75",
        ]}
        rows={rows.map((p) => [
          p.label,
          show(p.price),
          show(p.recommended),
          show(p.median),
          show(p.p25),
          show(p.p75),
        ])}
      />
    </>
  );
}
