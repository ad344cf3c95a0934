"use client";

import type { ReactNode } from "react";
import { useFormState } from "react-hook-form";
import type { PreferenceEditAccess } from "@/lib/listing/preferences/warnings";
import type { PreferencesFormValues } from "@/lib/listing/preferences/form";
import { Button } from "@/components/ui/button";

/**
 * The form's footer, pinned to the foot of the screen: what is pending, the reason a write
 * failed, the guardrails' confirmation, the outcome of the last save or copy, and Discard,
 * Preview and Save. The outcome is said here, beside the buttons that made it, so nothing
 * floats over them. Preview and Save need a change; a form with errors may still
 * press them, to be shown what is wrong. Save says what it will do ("Save anyway").
 */
export function EditorActions({
  idPrefix,
  access,
  pendingCount,
  saving,
  previewing,
  onPreview,
  onDiscard,
  saveLabel,
  confirm,
  outcome,
}: {
  idPrefix: string;
  access: PreferenceEditAccess;
  /** Settings changed; null while the form has errors. */
  pendingCount: number | null;
  saving: boolean;
  previewing: boolean;
  onPreview: () => void;
  onDiscard: () => void;
  saveLabel: string;
  /** The guardrails' confirmation, when the change raises any. */
  confirm: ReactNode;
  /** What the last save or copy did (a live region). */
  outcome: ReactNode;
}) {
  const { errors } = useFormState<PreferencesFormValues>();
  const rootError = errors.root?.server?.message;
  const nothing = pendingCount === 0;
  const statusId = `${idPrefix}-pending`;
  const summary = !access.canEdit
    ? "Read only."
    : pendingCount === null
      ? "Some values need fixing before they can be saved."
      : nothing
        ? "No unsaved changes."
        : `${pendingCount} unsaved change${pendingCount === 1 ? "" : "s"}.`;

  return (
    <div
      data-testid="editor-actions"
      className="sticky bottom-0 z-10 space-y-2 rounded-lg border border-slate-200 bg-white/95 p-3 shadow-sm backdrop-blur"
    >
      <p role="alert" className="text-sm text-red-700 empty:hidden">
        {rootError ?? ""}
      </p>
      {confirm}
      {outcome}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id={statusId} className="text-sm text-slate-700">
          {summary}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="ghost" onClick={onDiscard} disabled={!access.canEdit || nothing || saving}>
            Discard changes
          </Button>
          <Button
            variant="secondary"
            onClick={onPreview}
            disabled={!access.canEdit || nothing || previewing || saving}
            aria-describedby={statusId}
          >
            {previewing ? "Previewing…" : "Preview changes"}
          </Button>
          <Button type="submit" disabled={!access.canEdit || nothing || saving} aria-describedby={statusId}>
            {saving ? "Saving…" : saveLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}
