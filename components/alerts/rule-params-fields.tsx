"use client";

import { useQuery } from "@tanstack/react-query";
import type { Control, FieldErrors, UseFormRegister } from "react-hook-form";
import { Field } from "@/components/ui/field";
import type { RuleFields } from "@/components/alerts/rule-form";
import { BEHIND_STLY_MIN_NIGHTS } from "@/lib/alerts/evaluate";
import type { RuleKind } from "@/lib/alerts/rules";
import { everySetQuery } from "@/lib/sets/queries";

const inputClass = "w-28 rounded-md border border-slate-300 px-3 py-2 text-sm";
const selectClass = "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm";
const asNumber = (value: unknown) => (value === "" || value === null ? Number.NaN : Number(value));

/** The threshold's fields of one kind (a kind's change draws this part anew, with its defaults). */
export function RuleParamsFields({
  kind,
  register,
  errors,
}: {
  kind: RuleKind;
  register: UseFormRegister<RuleFields>;
  control: Control<RuleFields>;
  errors: FieldErrors<RuleFields>;
}) {
  const paramErrors = (errors.params ?? {}) as Record<string, { message?: string } | undefined>;
  const error = (name: string) => paramErrors[name]?.message;
  const number = (name: string, label: string, hint: string, step = "1") => (
    <Field label={label} hint={hint} error={error(name)}>
      <input
        type="number"
        inputMode="decimal"
        step={step}
        className={inputClass}
        {...register(`params.${name}`, { setValueAs: asNumber })}
      />
    </Field>
  );
  const percent = (label: string) => number("percent", label, "More than 0, at most 100.", "any");

  switch (kind) {
    case "behind_stly":
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label="Measured on"
            hint={`A month that held fewer than ${BEHIND_STLY_MIN_NIGHTS} nights at this time last year is left out.`}
            error={error("metric")}
          >
            <select className={selectClass} {...register("params.metric")}>
              <option value="nights">Nights</option>
              <option value="revenue">Revenue</option>
            </select>
          </Field>
          {percent("Percent behind the same time last year")}
        </div>
      );
    case "no_booking":
      return number("days", "Days without a new booking", "From 1 to 365.");
    case "below_market":
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Nights ahead" error={error("window")}>
            <select className={selectClass} {...register("params.window", { setValueAs: asNumber })}>
              <option value="7">The next 7</option>
              <option value="14">The next 14</option>
              <option value="30">The next 30</option>
            </select>
          </Field>
          {percent("Percent of the market's occupancy")}
        </div>
      );
    case "at_minimum":
      return number("nights", "More than this many of the next 30 nights", "From 0 to 29.");
    case "pickup_below_ly":
      return percent("Percent below last year's pickup");
    case "flag_gained":
      return (
        <p className="text-sm text-slate-600">
          No threshold: any flag a listing gains, as the portfolio mirror reads its flags (again at once when
          the service says flags were detected).
        </p>
      );
    case "comps_moved":
      return <CompsFields register={register} error={error} />;
  }
}

/** The set (paid sets only: the comps' prices are a paid read) and the percent moved. */
function CompsFields({
  register,
  error,
}: {
  register: UseFormRegister<RuleFields>;
  error: (name: string) => string | undefined;
}) {
  const sets = useQuery(everySetQuery());
  const paid = (sets.data?.rows ?? []).filter((s) => s.is_paid);
  return (
    <div className="space-y-3">
      <Field
        label="Set"
        error={error("set_id")}
        hint={
          sets.isPending
            ? "Loading your sets\u2026"
            : sets.isError
              ? "Your sets could not be read. Try again later."
              : paid.length === 0
                ? "You have no paid set: the comps' prices are read for paid sets only."
                : "Paid sets only: the comps' prices are read for them alone."
        }
      >
        <select className={selectClass} {...register("params.set_id")}>
          <option value="">Choose a set</option>
          {paid.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label="Percent the comps' median moved"
        hint="More than 0, at most 100."
        error={error("percent")}
      >
        <input
          type="number"
          inputMode="decimal"
          step="any"
          className={inputClass}
          {...register("params.percent", { setValueAs: asNumber })}
        />
      </Field>
      <p className="text-sm text-slate-600">
        Compared once a day, when the portfolio mirror reads the set&apos;s prices: today&apos;s median of the
        next 30 nights against yesterday&apos;s.
      </p>
    </div>
  );
}
