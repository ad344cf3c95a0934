"use client";

import { useId } from "react";
import { GRANULARITY_LABELS, RANGE_LABELS, RANGES, type MarketRange } from "@/lib/market/range";
import { METRIC_INFO } from "@/lib/metrics/lexicon-metrics";
import type { Granularity, LexiconMetric } from "@/lib/svc/schemas/set-analytics";
import { METRIC_LEXICON } from "@/lib/svc/schemas/kpi-lexicon";
import { Field, FieldError } from "@/components/ui/field";
import { LabelledSelect } from "@/components/ui/labelled-select";

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

  // Both days share one problem line, under the whole row, said only while there is a problem;
  // each field's parts sit in the row itself (`contents`), as the other options do.
  const rangeField = {
    invalid: Boolean(rangeProblem),
    errorId: rangeProblem ? `${id}-problem` : undefined,
    keepErrorLine: false,
    className: "contents",
    labelClassName: "font-medium text-slate-700",
  };

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
          <Field id={`${id}-from`} label="First day" {...rangeField}>
            <input
              type="date"
              value={value.from ?? ""}
              onChange={(event) => onChange({ from: event.target.value || null })}
              className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
            />
          </Field>
          <Field id={`${id}-to`} label="Last day" {...rangeField}>
            <input
              type="date"
              value={value.to ?? ""}
              onChange={(event) => onChange({ to: event.target.value || null })}
              className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
            />
          </Field>
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
        <FieldError id={`${id}-problem`} alert className="basis-full text-sm text-red-800">
          {rangeProblem}
        </FieldError>
      ) : null}
    </div>
  );
}
