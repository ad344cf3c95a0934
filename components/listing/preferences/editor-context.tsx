"use client";

import { createContext, useContext } from "react";
import type { DiscountForm } from "@/lib/listing/preferences/form";
import type { Guardrail } from "@/lib/listing/preferences/guardrails";
import type { PreferenceSettingName, PreferenceWarning } from "@/lib/svc/schemas/preferences";

/** What every setting's editor needs besides the form itself. */
export interface EditorContextValue {
  idPrefix: string;
  /** The listing's currency: every money setting is in it. */
  currency: string;
  /** The channel's name in words ("Vrbo"). */
  channel: string;
  discountForm: DiscountForm;
  /** The whole form is read-only (read-only key, viewer, or a write in flight). */
  locked: boolean;
  /** Why the listing's channel rules a setting out, or null. */
  unsupported: (setting: PreferenceSettingName) => string | null;
  /** The last write's warnings, by setting. */
  warnings: Partial<Record<PreferenceSettingName, PreferenceWarning[]>>;
  /** The pending change's guardrails, by the setting they are said beside. */
  guardrails: Partial<Record<PreferenceSettingName, Guardrail[]>>;
  /** Guardrail checks under way or not possible (a read failed), by setting. */
  guardrailNotes: Partial<Record<PreferenceSettingName, string[]>>;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error("A preference editor is used outside the preferences form.");
  return value;
}
