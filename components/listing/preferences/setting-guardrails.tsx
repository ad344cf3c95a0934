"use client";

import type { PreferenceSettingName } from "@/lib/svc/schemas/preferences";
import { GuardrailInfo, GuardrailNote } from "@/components/listing/guardrails/guardrail-note";
import { useEditor } from "@/components/listing/preferences/editor-context";

/**
 * The pending change's guardrails beside one setting, and what could not be checked for it.
 * Live as the user types: said before saving, not after.
 */
export function SettingGuardrails({ setting, id }: { setting: PreferenceSettingName; id: string }) {
  const { guardrails, guardrailNotes } = useEditor();
  const raised = guardrails[setting] ?? [];
  const notes = guardrailNotes[setting] ?? [];
  // Always rendered, so that a guardrail appearing is announced by the live region.
  return (
    <div id={id} className="space-y-1 empty:hidden" aria-live="polite">
      {raised.map((guardrail) => (
        <GuardrailNote key={guardrail.rule}>{guardrail.message}</GuardrailNote>
      ))}
      {notes.map((note) => (
        <GuardrailInfo key={note}>{note}</GuardrailInfo>
      ))}
    </div>
  );
}
