"use client";

import { useId } from "react";
import { GRANULARITY_LABELS, RANGE_LABELS, RANGES, type MarketRange } from "@/lib/market/range";
import { METRIC_INFO } from "@/lib/sets/analytics/metrics";
import type { Granularity, LexiconMetric } from "@/lib/svc/schemas/set-analytics";
import { METRIC_LEXICON } from "@/lib/svc/schemas/kpi-lexicon";
import { LabelledSelect } from "../sets/analytics/metric-select";

const METRIC_OPTIONS = METRIC_LEXICON.map((value) => ({ value, label: METRIC_INFO[value].label }));
const RANGE_OPTIONS = RANGES.map((value) => ({ value, label: RANGE_LABELS[value] }));
const GRANULARITY_OPTIONS = (["day", "week", "month"] as const).map((value) => ({
  value,
  label: GRANULARITY_LABELS[value],
}));

export interface MarketOptionsValue {
  metric: LexiconMetric;
  range: MarketRange;
  from: string | null;
  to: string | null;
  granularity: Granularity;
  /** Null: the market's own currency. */
  currency: string | null;
}

/**
 * What every chart of the market page shows: metric, date range (with custom days), granularity
 * and currency. A custom range that cannot be asked for is said in words next to the days,
 * which keep what was typed.
 */
export function MarketOptions({
  value,
  marketCurrency,
  currencies,
  rangeProblem,
  onChange,
}: {
  value: MarketOptionsValue;
  marketCurrency: string | undefined;
  /** Currencies the report's markets are priced in. */
  currencies: readonly string[];
  rangeProblem: string | null;
  onChange: (next: Partial<MarketOptionsValue>) => void;
}) {
  const id = useId();
  const own = marketCurrency ? `Market's own (${marketCurrency})` : "Market's own";
  // A currency from a link stays listed even when no market here is priced in it.
  const listed =
    value.currency && !currencies.includes(value.currency) ? [...currencies, value.currency] : currencies;
  const currencyOptions = [
    { value: "", label: own },
    ...listed.filter((c) => c !== marketCurrency).map((c) => ({ value: c, label: c })),
  ];

  return (
    <div
      role="group"
      aria-label="Chart options"
      className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white px-4 py-3"
    >
      <LabelledSelect
        label="Metric"
        value={value.metric}
        options={METRIC_OPTIONS}
        onChange={(metric) => onChange({ metric })}
      />
      <LabelledSelect
        label="Dates"
        value={value.range}
        options={RANGE_OPTIONS}
        onChange={(range) => onChange({ range })}
      />
      {value.range === "custom" ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <label htmlFor={`${id}-from`} className="font-medium text-slate-700">
            First day
          </label>
          <input
            id={`${id}-from`}
            type="date"
            value={value.from ?? ""}
            aria-invalid={rangeProblem ? true : undefined}
            aria-describedby={rangeProblem ? `${id}-problem` : undefined}
            onChange={(event) => onChange({ from: event.target.value || null })}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
          />
          <label htmlFor={`${id}-to`} className="font-medium text-slate-700">
            Last day
          </label>
          <input
            id={`${id}-to`}
            type="date"
            value={value.to ?? ""}
            aria-invalid={rangeProblem ? true : undefined}
            aria-describedby={rangeProblem ? `${id}-problem` : undefined}
            onChange={(event) => onChange({ to: event.target.value || null })}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
          />
        </div>
      ) : null}
      <LabelledSelect
        label="Granularity"
        value={value.granularity}
        options={GRANULARITY_OPTIONS}
        onChange={(granularity) => onChange({ granularity })}
      />
      <LabelledSelect
        label="Currency"
        value={value.currency && value.currency !== marketCurrency ? value.currency : ""}
        options={currencyOptions}
        onChange={(currency) => onChange({ currency: currency || null })}
      />
      {rangeProblem ? (
        <p id={`${id}-problem`} role="alert" className="basis-full text-sm text-red-800">
          {rangeProblem}
        </p>
      ) : null}
    </div>
  );
}
