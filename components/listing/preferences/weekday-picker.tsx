"use client";

import { Controller, useFormContext } from "react-hook-form";
import { WEEKDAYS, type PreferencesFormValues } from "@/lib/listing/preferences/form";
import type { Weekday } from "@/lib/svc/schemas/preferences";
import { FieldGroup } from "@/components/ui/field";
import { useEditor } from "@/components/listing/preferences/editor-context";
import {
  settingErrorClass,
  useFieldMessage,
  useSettingState,
} from "@/components/listing/preferences/field-parts";

const SHORT: Record<Weekday, string> = {
  monday: "Mon",
  tuesday: "Tue",
  wednesday: "Wed",
  thursday: "Thu",
  friday: "Fri",
  saturday: "Sat",
  sunday: "Sun",
};
const LONG = (day: Weekday) => day[0]!.toUpperCase() + day.slice(1);

/** The days of the week a stay may start (or end) on: seven checkboxes in a fieldset. */
export function WeekdayPicker({
  name,
  legend,
}: {
  name: "checkin_checkout.checkin_days" | "checkin_checkout.checkout_days";
  legend: string;
}) {
  const { idPrefix } = useEditor();
  const { control } = useFormContext<PreferencesFormValues>();
  const { disabled, describedBy } = useSettingState("checkin_checkout");
  const id = `${idPrefix}-${name.replace(/\./g, "-")}`;
  const message = useFieldMessage(name);
  return (
    <FieldGroup
      id={id}
      legend={legend}
      error={message}
      describedBy={describedBy}
      className="space-y-1.5"
      legendClassName="text-sm font-medium text-slate-800"
      errorClassName={settingErrorClass}
    >
      <Controller
        control={control}
        name={name}
        render={({ field }) => {
          const chosen = field.value ?? [];
          return (
            <div className="flex flex-wrap gap-1.5">
              {WEEKDAYS.map((day) => (
                <label
                  key={day}
                  className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 px-2 py-1 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:disabled]:opacity-60"
                >
                  <input
                    type="checkbox"
                    checked={chosen.includes(day)}
                    disabled={disabled}
                    onBlur={field.onBlur}
                    onChange={(event) =>
                      // Kept in week order, whatever the order of the clicks.
                      field.onChange(
                        WEEKDAYS.filter((d) => (d === day ? event.target.checked : chosen.includes(d))),
                      )
                    }
                    className="h-3.5 w-3.5 accent-brand-600"
                  />
                  <span aria-hidden="true">{SHORT[day]}</span>
                  <span className="sr-only">{LONG(day)}</span>
                </label>
              ))}
            </div>
          );
        }}
      />
    </FieldGroup>
  );
}
