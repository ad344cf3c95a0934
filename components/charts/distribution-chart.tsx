"use client";

import { Bar, BarChart, CartesianGrid, Cell, LabelList, Tooltip, XAxis, YAxis } from "recharts";
import type { HistogramBar } from "@/lib/sets/analytics/distribution";
import { ChartDataTable } from "./chart-data-table";
import { ChartLegend } from "./chart-legend";
import { chartProps, setChartColors } from "./chart-theme";

/**
 * How many members fall in each range of values, with the ranges that hold one of the
 * caller's associated listings drawn in the warm colour and labelled with how many.
 */
export function DistributionChart({
  bars,
  formatRange,
  caption,
  height = 240,
}: {
  bars: HistogramBar[];
  /** "$125 – $165". */
  formatRange: (lower: number, upper: number) => string;
  caption: string;
  height?: number;
}) {
  const data = bars.map((bar) => ({
    label: formatRange(bar.lower, bar.upper),
    count: bar.count,
    mine: bar.mine.length,
    mineLabel: bar.mine.length > 0 ? `${bar.mine.length} of yours` : "",
  }));
  return (
    <>
      <ChartLegend
        items={[
          { label: "Members in the range", color: setChartColors.members, bar: true },
          { label: "Range holding one of your listings", color: setChartColors.mine, bar: true },
        ]}
      />
      <div aria-hidden="true">
        <BarChart data={data} {...chartProps.frame(height, 20)}>
          <CartesianGrid {...chartProps.grid} />
          <XAxis {...chartProps.xAxis} minTickGap={4} />
          <YAxis
            {...chartProps.yAxis}
            allowDecimals={false}
            width={48}
            label={chartProps.yLabel("members")}
          />
          <Tooltip {...chartProps.barTooltip} />
          <Bar dataKey="count" name="Members" isAnimationActive={false}>
            {data.map((d) => (
              <Cell key={d.label} fill={d.mine > 0 ? setChartColors.mine : setChartColors.members} />
            ))}
            <LabelList dataKey="mineLabel" position="top" fill={setChartColors.mine} fontSize={12} />
          </Bar>
        </BarChart>
      </div>
      <ChartDataTable
        caption={caption}
        columns={["Range", "Members", "Your listings in the range"]}
        rows={bars.map((bar) => [
          formatRange(bar.lower, bar.upper),
          bar.count,
          bar.mine.length > 0 ? bar.mine.map((m) => m.name).join(", ") : "None",
        ])}
      />
    </>
  );
}
