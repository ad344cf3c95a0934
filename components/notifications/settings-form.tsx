"use client";

import { zodFormResolver } from "@/lib/forms/resolver";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { Permission } from "@/lib/access/permission";
import { eventWords } from "@/lib/notifications/events";
import { saveNotificationSettings } from "@/lib/notifications/queries";
import {
  CHANNELS,
  changedSwitchCount,
  channelLabels,
  everySwitchOff,
  matrixAfterSave,
  settingChanges,
  settingsForm,
  settingsSaveError,
  type SettingsForm as SettingsFormValues,
} from "@/lib/notifications/settings";
import type { NotificationSetting } from "@/lib/svc/schemas/notifications";
import { PermissionNote } from "@/components/ui/permission-note";
import { GuardedButton } from "@/components/ui/guarded-button";
import { Button } from "@/components/ui/button";
import { describeError } from "@/components/ui/error-panel";
import { Switch } from "@/components/ui/switch";

/**
 * The matrix: one group per event with a switch per channel, one Save that sends only what
 * changed. The service's answer replaces the matrix; a refused save keeps the switches as set.
 */
export function SettingsForm({
  saved,
  permission,
}: {
  saved: NotificationSetting[];
  permission: Permission;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [savedNote, setSavedNote] = useState("");
  const {
    control,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<SettingsFormValues>({
    resolver: zodFormResolver(settingsForm),
    defaultValues: { settings: saved },
  });

  const rows = useWatch({ control, name: "settings" });
  // The baseline is the cached answer (`saved`), which a save replaces.
  const changes = settingChanges(saved, rows);
  const changed = changedSwitchCount(changes);
  const noteId = `${id}-permission`;

  const submit = handleSubmit(async (values) => {
    const sent = settingChanges(saved, values.settings);
    if (sent.length === 0) return;
    clearErrors("root");
    setSavedNote("");
    try {
      const answer = await saveNotificationSettings(queryClient, sent);
      reset(matrixAfterSave(answer));
      setSavedNote(
        `Saved. ${changedSwitchCount(sent)} switch${changedSwitchCount(sent) === 1 ? "" : "es"} changed.`,
      );
    } catch (error) {
      setError("root", {
        message: settingsSaveError(error, sent) ?? `Nothing was saved. ${describeError(error)}`,
      });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="max-w-3xl space-y-4">
      {permission.allowed ? null : <PermissionNote id={noteId}>{permission.reason}</PermissionNote>}
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {rows.map((row, i) => {
          const words = eventWords(row.event);
          const legendId = `${id}-${i}-legend`;
          return (
            <li key={row.event}>
              <fieldset
                aria-labelledby={legendId}
                className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3"
              >
                <div className="min-w-0 flex-1">
                  <p id={legendId} className="text-sm font-medium text-slate-900">
                    {words.label}
                  </p>
                  {words.sentence ? (
                    <p className="text-xs text-slate-600">
                      {words.sentence} <code className="text-slate-500">{row.event}</code>
                    </p>
                  ) : (
                    <p className="text-xs text-slate-600">An event this page has no description for.</p>
                  )}
                </div>
                <div className="flex gap-6">
                  {CHANNELS.map((channel) => (
                    <Controller
                      key={channel}
                      control={control}
                      name={`settings.${i}.${channel}`}
                      render={({ field }) => (
                        <Switch
                          label={channelLabels[channel]}
                          checked={field.value}
                          onCheckedChange={(on) => {
                            setSavedNote("");
                            field.onChange(on);
                          }}
                          onBlur={field.onBlur}
                          ref={field.ref}
                          disabled={!permission.allowed}
                          describedBy={[permission.allowed ? null : noteId]}
                        />
                      )}
                    />
                  ))}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ul>

      {everySwitchOff(rows) ? (
        <p
          role="note"
          className="rounded-md bg-amber-50 px-3 py-2.5 text-sm text-amber-900 ring-1 ring-inset ring-amber-200"
        >
          Every switch is off: nothing new will reach you, in the app or by email, until you switch one back
          on.
        </p>
      ) : null}

      <p role="alert" className="text-sm text-red-700">
        {errors.root?.message ?? ""}
      </p>
      <div className="flex flex-wrap items-center justify-end gap-3">
        <p className="mr-auto text-sm text-slate-600" role="status">
          {savedNote || (changed > 0 ? `${changed} unsaved change${changed === 1 ? "" : "s"}.` : "")}
        </p>
        <Button
          variant="ghost"
          disabled={changed === 0 || isSubmitting}
          onClick={() => {
            clearErrors("root");
            reset({ settings: saved });
          }}
        >
          Undo changes
        </Button>
        <GuardedButton permission={permission} type="submit" disabled={changed === 0 || isSubmitting}>
          {isSubmitting ? "Saving…" : "Save settings"}
        </GuardedButton>
      </div>
    </form>
  );
}
