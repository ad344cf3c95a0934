"use client";

import { useMemo } from "react";
import { useDistanceUnit } from "@/lib/display/preferences-store";
import { DEFAULT_MAP_BOX, myPostalCounts, placeLabels, projectPostalCodes } from "@/lib/market/map";
import type { Listing } from "@/lib/svc/schemas/listings";
import type { Market } from "@/lib/svc/schemas/market-report";
import { ChartCard, type LoadState } from "@/components/charts/chart-card";
import { ChartDataTable } from "@/components/charts/chart-data-table";
import { ChartLegend } from "@/components/charts/chart-legend";
import { setChartColors } from "@/components/charts/chart-theme";

const POINT_FILL = "var(--chart-blue)";
const POINT_STROKE = "var(--chart-brand-strong)";

/**
 * The market's postal codes drawn from their coordinates alone (no map tiles: none can be
 * reached from every deployment): each circle's area follows its listing count, and a ring in
 * the warm colour marks the postal codes my listings count toward.
 */
export function MarketMap({
  market,
  mine,
  state,
}: {
  market: Market | undefined;
  /** My listings in this market; null while they load. */
  mine: ReadonlyArray<Pick<Listing, "latitude" | "longitude">> | null;
  state: LoadState;
}) {
  const codes = useMemo(() => market?.postal_codes ?? [], [market]);
  const counts = useMemo(() => myPostalCounts(codes, mine ?? []), [codes, mine]);
  const unit = useDistanceUnit();
  const frame = useMemo(
    () => projectPostalCodes(codes, counts, DEFAULT_MAP_BOX, unit),
    [codes, counts, unit],
  );
  // Larger circles first, so that small ones stay on top and can be pointed at.
  const drawn = useMemo(() => [...frame.points].sort((a, b) => b.r - a.r), [frame]);
  const labels = useMemo(() => placeLabels(frame), [frame]);
  const yours = frame.points.filter((p) => p.mine > 0);
  const { width, height } = DEFAULT_MAP_BOX;

  return (
    <ChartCard
      title="Postal codes"
      description="Each circle is a postal code, its area in proportion to the market's listings there. No map tiles: the points are placed by their coordinates, north up."
      state={state}
      empty={codes.length === 0}
      emptyMessage="The service gives no postal codes for this market."
      height={height}
    >
      <ChartLegend
        items={[
          { label: "Postal code (area: listings)", color: POINT_FILL, bar: true },
          { label: "Holds your listings (ring)", color: setChartColors.mine },
        ]}
      />
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-auto w-full rounded-md bg-slate-50"
        aria-hidden="true"
        data-testid="market-map"
      >
        {drawn.map((p) => (
          <g key={p.postalCode} data-postal-code={p.postalCode} data-mine={p.mine}>
            <title>
              {`${p.postalCode}: ${p.listingCount} listings${p.mine > 0 ? `, ${p.mine} of yours` : ""}`}
            </title>
            <circle
              cx={p.x}
              cy={p.y}
              r={p.r}
              fill={POINT_FILL}
              fillOpacity={0.55}
              stroke={p.mine > 0 ? setChartColors.mine : POINT_STROKE}
              strokeWidth={p.mine > 0 ? 3 : 1}
            />
          </g>
        ))}
        {labels.map((label) => (
          <text
            key={`label-${label.postalCode}`}
            x={label.x}
            y={label.y}
            textAnchor={label.anchor}
            fontSize={11}
            fill={(counts.get(label.postalCode) ?? 0) > 0 ? setChartColors.mine : "var(--chart-ink-soft)"}
            fontWeight={(counts.get(label.postalCode) ?? 0) > 0 ? 600 : 400}
          >
            {label.text}
          </text>
        ))}
        {frame.scale ? (
          <g transform={`translate(16 ${height - 16})`}>
            <line x1={0} x2={frame.scale.px} y1={0} y2={0} stroke="var(--chart-ink-soft)" strokeWidth={2} />
            <line x1={0} x2={0} y1={-4} y2={0} stroke="var(--chart-ink-soft)" strokeWidth={2} />
            <line
              x1={frame.scale.px}
              x2={frame.scale.px}
              y1={-4}
              y2={0}
              stroke="var(--chart-ink-soft)"
              strokeWidth={2}
            />
            <text x={0} y={-7} fontSize={11} fill="var(--chart-ink-soft)">
              {frame.scale.label}
            </text>
          </g>
        ) : null}
        <text x={width - 16} y={20} fontSize={11} fill="var(--chart-ink-soft)" textAnchor="end">
          N ↑
        </text>
      </svg>
      <p className="mt-2 text-sm text-slate-700" data-testid="my-postal-codes">
        {mine === null
          ? "Finding your listings…"
          : yours.length === 0
            ? "None of your listings is in this market."
            : `Your listings count toward ${yours.map((p) => `${p.postalCode} (${p.mine})`).join(", ")}, the postal code nearest each.`}
      </p>
      <ChartDataTable
        caption={`Postal codes of ${market?.name ?? "the market"}`}
        columns={["Postal code", "Listings", "Your listings", "Latitude, longitude"]}
        rows={frame.points.map((p) => [p.postalCode, p.listingCount, p.mine, `${p.lat}, ${p.lng}`])}
      />
    </ChartCard>
  );
}
