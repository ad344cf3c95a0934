"use client";

import { useId, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";

type CopyState = "idle" | "copied" | "failed";

/**
 * A secret the service shows this once (a new API key, a webhook signing secret): what it is,
 * the warning that it will not come back, a read-only field, Copy, and Done.
 */
export function OneTimeSecret({
  intro,
  warning,
  advice,
  label,
  noun,
  secret,
  onDone,
}: {
  /** What was created and what the secret is for. */
  intro: ReactNode;
  /** The headline of the warning, e.g. "Copy this key now. It cannot be shown again." */
  warning: string;
  /** What to do if it is lost. */
  advice: ReactNode;
  /** The field's label. */
  label: string;
  /** "key" or "secret", for the sentence when copying fails. */
  noun: string;
  secret: string;
  onDone: () => void;
}) {
  const id = useId();
  const [copy, setCopy] = useState<CopyState>("idle");

  async function copySecret() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy("copied");
    } catch {
      setCopy("failed");
    }
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">{intro}</p>
      <div
        id={`${id}-warning`}
        className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-inset ring-amber-200"
      >
        <p className="font-medium">{warning}</p>
        <p className="mt-1">{advice}</p>
      </div>
      <div className="space-y-2">
        <label htmlFor={`${id}-secret`} className="block text-sm font-medium">
          {label}
        </label>
        <input
          id={`${id}-secret`}
          readOnly
          value={secret}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={`${id}-warning`}
          onFocus={(e) => e.currentTarget.select()}
          className="w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-[13px] text-slate-900"
        />
        <div className="flex items-center gap-3">
          {/* The form that had focus is gone: focus moves to the one thing to do now. */}
          <Button autoFocus variant="secondary" onClick={copySecret} aria-describedby={`${id}-warning`}>
            {copy === "copied" ? "Copied" : "Copy"}
          </Button>
          <p role="status" className="text-sm">
            {copy === "copied" ? (
              <span className="text-emerald-800">Copied to the clipboard.</span>
            ) : copy === "failed" ? (
              <span className="text-red-700">
                The browser did not allow copying. Select the {noun} and copy it.
              </span>
            ) : null}
          </p>
        </div>
      </div>
      <div className="flex justify-end border-t border-slate-100 pt-4">
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
