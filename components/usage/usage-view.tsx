"use client";

import { useQuery } from "@tanstack/react-query";
import { parseAsInteger, parseAsString, useQueryStates } from "nuqs";
import { useState } from "react";
import { apiKeysQuery } from "@/lib/api-keys/queries";
import { usageReportQuery } from "@/lib/usage/queries";
import { USAGE_DAYS_BACK_DEFAULT } from "@/lib/svc/schemas/usage";
import { todayUtc } from "@/lib/format/dates";
import { windowFromParams, windowToParams, windowToQuery, type UsageWindow } from "@/lib/usage/window";
import type { LoadState } from "@/components/charts/chart-card";
import { EndpointTable } from "@/components/usage/endpoint-table";
import { KeyFilter } from "@/components/usage/key-filter";
import { KeyTable } from "@/components/usage/key-table";
import { SummaryTiles } from "@/components/usage/summary-tiles";
import { UsageCharts } from "@/components/usage/usage-charts";
import { UsageErrorPanel } from "@/components/usage/usage-error";
import { AsOfLine, RateLimitHotspotLine, TruncatedNotice } from "@/components/usage/usage-notices";
import { WindowPicker } from "@/components/usage/window-picker";

/** The window and the key live in the URL, so a report can be bookmarked and shared. */
const usageParsers = {
  days: parseAsInteger.withDefault(USAGE_DAYS_BACK_DEFAULT),
  from: parseAsString,
  to: parseAsString,
  key: parseAsString,
};

export function UsageView() {
  const [params, setParams] = useQueryStates(usageParsers);
  // The latest day a range may pick; read once, as a page stays open for minutes, not days.
  const [today] = useState(() => todayUtc());
  const usageWindow = windowFromParams(params);
  const query = windowToQuery(usageWindow, params.key);

  const report = useQuery(usageReportQuery(query));
  const keys = useQuery(apiKeysQuery());
  const state: LoadState = report.isPending ? "loading" : report.isError ? "error" : "ready";
  const data = report.data;

  const setWindow = (next: UsageWindow) => setParams(windowToParams(next));

  return (
    <div className="space-y-4">
      <div
        role="group"
        aria-label="Report options"
        className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3"
      >
        <WindowPicker value={usageWindow} today={today} onChange={setWindow} />
        <KeyFilter
          keys={keys.data ?? []}
          value={params.key}
          loading={keys.isPending}
          onChange={(key) => setParams({ key })}
        />
      </div>

      <div data-testid="usage-report" data-state={state} className="space-y-4">
        {report.isError ? (
          <UsageErrorPanel
            error={report.error}
            query={query}
            onRetry={() => report.refetch()}
            onReset={() => setParams({ days: null, from: null, to: null, key: null })}
          />
        ) : (
          <>
            {data ? (
              <div className="space-y-2">
                <AsOfLine report={data} />
                <TruncatedNotice window={data.window} />
              </div>
            ) : (
              <p className="text-xs text-slate-600">Loading the report…</p>
            )}
            <SummaryTiles totals={data?.totals ?? null} />
            {data ? <RateLimitHotspotLine report={data} /> : null}
            <UsageCharts report={data} state={state} />
            <EndpointTable report={data} state={state} />
            <KeyTable report={data} keys={keys.data ?? []} state={state} />
          </>
        )}
      </div>
    </div>
  );
}
