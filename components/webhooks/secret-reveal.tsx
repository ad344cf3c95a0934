"use client";

import { useId, useState } from "react";
import { Button } from "../ui/button";

type CopyState = "idle" | "copied" | "failed";

/**
 * A signing secret, shown this once (after create and after rotate): read-only field, Copy,
 * and the warning that the service will not show it again.
 */
export function SecretReveal({
  secret,
  url,
  rotated,
  onDone,
}: {
  secret: string;
  url: string;
  rotated: boolean;
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
      <p className="text-sm text-slate-700">
        {rotated ? "Deliveries to " : "Deliveries will go to "}
        <span className="break-all font-medium text-slate-900">{url}</span>
        {rotated
          ? " are signed with this secret from the next attempt on."
          : ", signed with this secret, from the next five-minute batch window."}
      </p>
      <div
        id={`${id}-warning`}
        className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-inset ring-amber-200"
      >
        <p className="font-medium">Copy this secret now. It cannot be read back.</p>
        <p className="mt-1">
          Your endpoint needs it to check the Svc-Signature header of every delivery.
          {rotated ? " The previous secret no longer signs deliveries." : ""} If you lose it, rotate the
          secret to get a new one.
        </p>
      </div>
      <div className="space-y-2">
        <label htmlFor={`${id}-secret`} className="block text-sm font-medium">
          Signing secret
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
          {/* The form or confirmation that had focus is gone: focus goes to the one thing to do now. */}
          <Button autoFocus variant="secondary" onClick={copySecret} aria-describedby={`${id}-warning`}>
            {copy === "copied" ? "Copied" : "Copy"}
          </Button>
          <p role="status" className="text-sm">
            {copy === "copied" ? (
              <span className="text-emerald-800">Copied to the clipboard.</span>
            ) : copy === "failed" ? (
              <span className="text-red-700">
                The browser did not allow copying. Select the secret and copy it.
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
