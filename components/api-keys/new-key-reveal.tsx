"use client";

import { useId, useState } from "react";
import { kindLabels } from "@/lib/api-key-display";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import { Button } from "../ui/button";

type CopyState = "idle" | "copied" | "failed";

/** The new key, shown this once: read-only field, Copy, and the warning that it will not come back. */
export function NewKeyReveal({
  name,
  kind,
  secret,
  onDone,
}: {
  name: string;
  kind: ApiKeyKind;
  secret: string;
  onDone: () => void;
}) {
  const id = useId();
  const [copy, setCopy] = useState<CopyState>("idle");

  async function copyKey() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy("copied");
    } catch {
      setCopy("failed");
    }
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        <strong className="font-semibold text-slate-900">{name}</strong> is ready: a{" "}
        {kindLabels[kind].label.toLowerCase()} key.
      </p>
      <div
        id={`${id}-warning`}
        className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-inset ring-amber-200"
      >
        <p className="font-medium">Copy this key now. It cannot be shown again.</p>
        <p className="mt-1">
          The service keeps only its last four characters. If you lose it, revoke it and create another.
        </p>
      </div>
      <div className="space-y-2">
        <label htmlFor={`${id}-key`} className="block text-sm font-medium">
          Your new API key
        </label>
        <input
          id={`${id}-key`}
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
          <Button autoFocus variant="secondary" onClick={copyKey} aria-describedby={`${id}-warning`}>
            {copy === "copied" ? "Copied" : "Copy"}
          </Button>
          <p role="status" className="text-sm">
            {copy === "copied" ? (
              <span className="text-emerald-800">Copied to the clipboard.</span>
            ) : copy === "failed" ? (
              <span className="text-red-700">
                The browser did not allow copying. Select the key and copy it.
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
