"use client";

import type { ReactNode } from "react";
import { channelRef } from "@/lib/display/channels";
import { humanize } from "@/lib/listing/preferences/warnings";
import { BATCH_SETTINGS, type BatchFormValues, type BatchSetting } from "@/lib/listing/preferences/batch";
import type { ListingGuardrail } from "@/lib/listing/preferences/guardrail-checks";
import { MIN_TOTAL_FEE_PERCENTAGE } from "@/lib/svc/schemas/preferences";
import { Field } from "@/components/ui/field";
import {
  FINDINGS_SHOWN,
  GuardrailInfo,
  GuardrailNote,
  moreFindings,
} from "@/components/listing/guardrails/guardrail-note";

const TITLES: Record<BatchSetting, string> = {
  pricing_enabled: "Automatic posting",
  base_price_adjustment: "Base price adjustment",
  min_price: "Minimum price",
  max_price: "Maximum price",
  min_stay: "Minimum stay",
  long_term_discounts: "Long-term discounts",
  fee_adjustments: "Fee adjustments",
};
export const batchSettingTitle = (setting: BatchSetting) => TITLES[setting];

const inputClass =
  "w-24 rounded-md border border-slate-300 px-2 py-1 text-sm aria-[invalid=true]:border-red-500";

/**
 * The settings a batch can apply: each behind an "apply" checkbox; only the ticked ones are
 * sent, and an emptied value clears the setting on every listing.
 */
export function BatchSettingsFields({
  idPrefix,
  chosen,
  onChosen,
  values,
  onValues,
  errors,
  notes,
  currencies,
  guardrails = {},
  guardrailNotes = {},
}: {
  idPrefix: string;
  chosen: BatchSetting[];
  onChosen: (chosen: BatchSetting[]) => void;
  values: BatchFormValues;
  onValues: (values: BatchFormValues) => void;
  errors: Record<string, string>;
  /** What the listings' channels will not take, per setting. */
  notes: Partial<Record<BatchSetting, string>>;
  currencies: string[];
  /** The pricing guardrails per listing, by the setting they are said beside. */
  guardrails?: Partial<Record<BatchSetting, ListingGuardrail[]>>;
  guardrailNotes?: Partial<Record<BatchSetting, string[]>>;
}) {
  const money = currencies.length === 1 ? currencies[0]! : "in each listing's currency";
  const set = <K extends BatchSetting>(setting: K, value: BatchFormValues[K]) =>
    onValues({ ...values, [setting]: value });

  const text = (path: string, label: string, value: string, onChange: (v: string) => void, unit: string) => {
    const id = `${idPrefix}-${path.replace(/\./g, "-")}`;
    return (
      <Field
        id={id}
        label={label}
        error={errors[path] ? humanize(errors[path]) : undefined}
        className="flex flex-wrap items-center gap-2"
        labelClassName="text-sm text-slate-700"
        errorClassName="w-full text-xs text-red-700 empty:hidden"
      >
        {(control) => (
          <>
            <input
              {...control}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={value}
              onChange={(event) => onChange(event.target.value)}
              className={inputClass}
            />
            <span className="text-sm text-slate-600">{unit}</span>
          </>
        )}
      </Field>
    );
  };

  const editors: Record<BatchSetting, ReactNode> = {
    pricing_enabled: (
      <div className="flex items-center gap-2">
        <label htmlFor={`${idPrefix}-posting`} className="text-sm text-slate-700">
          Posting
        </label>
        <select
          id={`${idPrefix}-posting`}
          value={values.pricing_enabled ? "on" : "off"}
          onChange={(event) => set("pricing_enabled", event.target.value === "on")}
          className="rounded-md border border-slate-300 px-2 py-1 text-sm"
        >
          <option value="on">Turn on</option>
          <option value="off">Turn off</option>
        </select>
      </div>
    ),
    base_price_adjustment: text(
      "base_price_adjustment",
      "Adjustment",
      values.base_price_adjustment,
      (v) => set("base_price_adjustment", v),
      "%",
    ),
    min_price: text("min_price", "Minimum", values.min_price, (v) => set("min_price", v), money),
    max_price: text("max_price", "Maximum", values.max_price, (v) => set("max_price", v), money),
    min_stay: text("min_stay", "Nights", values.min_stay, (v) => set("min_stay", v), "nights"),
    long_term_discounts: (
      <div className="space-y-1">
        {text(
          "long_term_discounts.weekly_percent",
          "Weekly",
          values.long_term_discounts.weekly_percent,
          (v) => set("long_term_discounts", { ...values.long_term_discounts, weekly_percent: v }),
          "% off",
        )}
        {text(
          "long_term_discounts.monthly_percent",
          "Monthly",
          values.long_term_discounts.monthly_percent,
          (v) => set("long_term_discounts", { ...values.long_term_discounts, monthly_percent: v }),
          "% off",
        )}
      </div>
    ),
    fee_adjustments: (
      <div className="space-y-1.5">
        <div className="flex items-center gap-2">
          <label htmlFor={`${idPrefix}-fee-mode`} className="text-sm text-slate-700">
            Action
          </label>
          <select
            id={`${idPrefix}-fee-mode`}
            value={values.fee_adjustments.set ? "set" : "clear"}
            onChange={(event) =>
              set("fee_adjustments", { ...values.fee_adjustments, set: event.target.value === "set" })
            }
            className="rounded-md border border-slate-300 px-2 py-1 text-sm"
          >
            <option value="set">Set</option>
            <option value="clear">Clear</option>
          </select>
        </div>
        {values.fee_adjustments.set ? (
          <>
            {text(
              "fee_adjustments.total_fee_percentage",
              "Total fee percentage",
              values.fee_adjustments.total_fee_percentage,
              (v) => set("fee_adjustments", { ...values.fee_adjustments, total_fee_percentage: v }),
              "%",
            )}
            <p className="text-xs text-slate-600">
              At least {MIN_TOTAL_FEE_PERCENTAGE}%: the share of fees guests pay on top.
            </p>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={values.fee_adjustments.auto_update}
                onChange={(event) =>
                  set("fee_adjustments", { ...values.fee_adjustments, auto_update: event.target.checked })
                }
                className="h-3.5 w-3.5 accent-brand-600"
              />
              Update weekly from recent reservations
            </label>
          </>
        ) : null}
      </div>
    ),
  };

  return (
    <ul className="space-y-2">
      {BATCH_SETTINGS.map((setting) => {
        const on = chosen.includes(setting);
        const id = `${idPrefix}-apply-${setting}`;
        return (
          <li key={setting} className="rounded-md border border-slate-200 p-2.5">
            <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium text-slate-800">
              <input
                id={id}
                type="checkbox"
                checked={on}
                onChange={(event) =>
                  onChosen(
                    BATCH_SETTINGS.filter((s) => (s === setting ? event.target.checked : chosen.includes(s))),
                  )
                }
                className="h-4 w-4 accent-brand-600"
              />
              Apply {TITLES[setting].toLowerCase()}
            </label>
            {on ? (
              <div className="mt-2 space-y-1.5 pl-6">
                {editors[setting]}
                {setting !== "pricing_enabled" && setting !== "fee_adjustments" ? (
                  <p className="text-xs text-slate-600">Leave empty to clear it.</p>
                ) : null}
                {notes[setting] ? <p className="text-xs text-amber-900">{notes[setting]}</p> : null}
                <BatchGuardrailNotes found={guardrails[setting]} notes={guardrailNotes[setting]} />
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** One setting's guardrails, each naming the listing it concerns, and what was not checked. */
function BatchGuardrailNotes({ found = [], notes = [] }: { found?: ListingGuardrail[]; notes?: string[] }) {
  const more = moreFindings(found.length);
  return (
    <div className="space-y-1 empty:hidden" aria-live="polite">
      {found.slice(0, FINDINGS_SHOWN).map(({ listing, guardrail }) => (
        <GuardrailNote key={`${listing.svc_id}-${guardrail.rule}`}>
          <span className="font-medium">{listing.name}</span> ({channelRef(listing)}): {guardrail.message}
        </GuardrailNote>
      ))}
      {more ? <GuardrailInfo>{more}</GuardrailInfo> : null}
      {notes.map((note) => (
        <GuardrailInfo key={note}>{note}</GuardrailInfo>
      ))}
    </div>
  );
}
