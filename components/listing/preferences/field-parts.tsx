"use client";

import type { ReactNode } from "react";
import { Controller, get, useFormContext, useFormState } from "react-hook-form";
import { humanize, warningInWords } from "@/lib/listing/preferences/warnings";
import type { PreferencesFormValues } from "@/lib/listing/preferences/form";
import type { FormField } from "@/lib/listing/preferences/service-field-errors";
import type { PreferenceSettingName } from "@/lib/svc/schemas/preferences";
import { Field } from "@/components/ui/field";
import { Switch } from "@/components/ui/switch";
import { useEditor } from "@/components/listing/preferences/editor-context";
import { SettingGuardrails } from "@/components/listing/preferences/setting-guardrails";

/** Ids of a setting's notes, for `aria-describedby` on its inputs. */
export function noteIds(idPrefix: string, setting: PreferenceSettingName) {
  return {
    reason: `${idPrefix}-${setting}-reason`,
    warnings: `${idPrefix}-${setting}-warnings`,
    guardrails: `${idPrefix}-${setting}-guardrails`,
  };
}

/**
 * One setting: its inputs, then why the channel rules it out (the inputs are disabled), the
 * warnings the last write raised about it, and the pending change's guardrails, beside it.
 * A group named after the setting.
 */
export function SettingGroup({
  setting,
  label,
  children,
}: {
  setting: PreferenceSettingName;
  label: string;
  children: ReactNode;
}) {
  const { idPrefix, unsupported, warnings, channel } = useEditor();
  const ids = noteIds(idPrefix, setting);
  const reason = unsupported(setting);
  const raised = warnings[setting] ?? [];
  return (
    <div role="group" aria-label={label} className="space-y-1.5">
      {children}
      {reason ? (
        <p id={ids.reason} className="text-xs text-slate-600">
          <span className="font-medium text-slate-700">Not available: </span>
          {reason}
        </p>
      ) : null}
      {raised.length > 0 ? (
        <div id={ids.warnings} className="space-y-1">
          {raised.map((warning, index) => {
            const words = warningInWords(warning, channel);
            return (
              <p
                key={index}
                className="rounded-md bg-amber-50 px-2.5 py-1.5 text-xs text-amber-900 ring-1 ring-inset ring-amber-200"
              >
                <span className="font-semibold">{words.title}: </span>
                {words.sentence} <span className="font-medium">Affected: {words.attributes.join(", ")}.</span>
              </p>
            );
          })}
        </div>
      ) : null}
      <SettingGuardrails setting={setting} id={ids.guardrails} />
    </div>
  );
}

/** Whether a setting's inputs are disabled, and the ids that say why or what happened. */
export function useSettingState(setting: PreferenceSettingName) {
  const { idPrefix, unsupported, warnings, locked, guardrails, guardrailNotes } = useEditor();
  const ids = noteIds(idPrefix, setting);
  const reason = unsupported(setting);
  const guarded = Boolean(guardrails[setting]?.length || guardrailNotes[setting]?.length);
  const describedBy = [
    reason ? ids.reason : null,
    warnings[setting]?.length ? ids.warnings : null,
    guarded ? ids.guardrails : null,
  ];
  return { disabled: locked || reason !== null, describedBy };
}

/** A field's refusal in words, or `undefined` while the field is fine. */
export function useFieldMessage(name: FormField): string | undefined {
  const { errors } = useFormState<PreferencesFormValues>();
  const message = (get(errors, name) as { message?: string } | undefined)?.message;
  return message ? humanize(message) : undefined;
}

/** A setting's error line, the same under its inputs and under its weekday groups. */
export const settingErrorClass = "text-xs text-red-700";

/** A number (or text) input with its unit, hint and error. Empty means "clear". */
export function TextField({
  name,
  setting,
  label,
  unit,
  hint,
  inputMode = "decimal",
  width = "w-28",
}: {
  name: FormField;
  setting: PreferenceSettingName;
  label: string;
  unit?: string;
  hint?: ReactNode;
  inputMode?: "decimal" | "numeric" | "text";
  width?: string;
}) {
  const { idPrefix } = useEditor();
  const { register } = useFormContext<PreferencesFormValues>();
  const { errors } = useFormState<PreferencesFormValues>();
  const { disabled, describedBy } = useSettingState(setting);
  const id = `${idPrefix}-${name.replace(/\./g, "-")}`;
  const message = useFieldMessage(name);
  return (
    <Field
      id={id}
      label={label}
      hint={hint || undefined}
      error={message}
      invalid={Boolean(get(errors, name))}
      describedBy={describedBy}
      labelClassName="block text-sm font-medium text-slate-800"
      errorClassName={settingErrorClass}
    >
      {(control) => (
        <div className="flex items-center gap-2">
          <input
            {...control}
            type="text"
            inputMode={inputMode}
            autoComplete="off"
            disabled={disabled}
            className={`${width} rounded-md border border-slate-300 px-2.5 py-1.5 text-sm disabled:bg-slate-100 disabled:text-slate-500 aria-[invalid=true]:border-red-500`}
            {...register(name)}
          />
          {unit ? <span className="text-sm text-slate-600">{unit}</span> : null}
        </div>
      )}
    </Field>
  );
}

type SwitchName = "pricing_enabled" | "checkin_checkout.restricted" | "fee_adjustments.auto_update";

/** An on/off setting (the shared Switch: a labelled `switch` role), disabled with its setting. */
export function SwitchField({
  name,
  setting,
  label,
  hint,
}: {
  name: SwitchName;
  setting: PreferenceSettingName;
  label: string;
  hint?: string;
}) {
  const { idPrefix } = useEditor();
  const { control } = useFormContext<PreferencesFormValues>();
  const { disabled, describedBy } = useSettingState(setting);
  const id = `${idPrefix}-${name.replace(/\./g, "-")}`;
  return (
    <div className="space-y-1">
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Switch
            id={id}
            ref={field.ref}
            label={label}
            fieldLabel
            checked={Boolean(field.value)}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            disabled={disabled}
            describedBy={[hint ? `${id}-hint` : null, ...describedBy]}
          />
        )}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A titled card holding related settings. */
export function SettingsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h3 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}
