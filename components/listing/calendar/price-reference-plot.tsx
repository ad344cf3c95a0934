"use client";

import { Area, CartesianGrid, ComposedChart, Line, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";
import type { WeeklyReferencePoint } from "@/lib/listing/calendar/neighborhood-reference";
import { chartProps } from "@/components/charts/chart-theme";
import { money } from "@/components/listing/calendar/calendar-display";
import type { PlotStage } from "@/components/charts/lazy-plot";

/** The lines, drawn in this order (your price on top). */
const LINES = [
  { key: "median", name: "Neighborhood median", width: 1.5, dash: undefined },
  { key: "recommended", name: "Recommendation", width: 1.5, dash: "5 4" },
  { key: "price", name: "Your price", width: 2, dash: undefined },
] as const;

export interface PriceReferencePlotProps {
  rows: ReadonlyArray<WeeklyReferencePoint & { label: string }>;
  colors: Record<"price" | "recommended" | "median" | "band" | "limit", string>;
  currency: string;
  minPrice: number | null;
  maxPrice: number | null;
  height: number;
}

/** The recharts part of `PriceReferenceChart`, fetched on the plot's turn (lazy-plot.ts). */
export default function PriceReferencePlot({
  rows,
  colors,
  currency,
  minPrice,
  maxPrice,
  height,
  full,
}: PriceReferencePlotProps & PlotStage) {
  return (
    <ComposedChart data={rows} {...chartProps.frame(height)}>
      <CartesianGrid {...chartProps.grid} />
      <XAxis {...chartProps.xAxis} minTickGap={24} />
      <YAxis {...chartProps.yAxis} width={56} tickFormatter={(v: number) => money(v, currency)} />
      {full ? (
        <>
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
        </>
      ) : null}
    </ComposedChart>
  );
}
