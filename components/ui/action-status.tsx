"use client";

import { createContext, use, useCallback, useMemo, useState, type ReactNode } from "react";
import { toast } from "sonner";
import { cn } from "@/components/ui/cn";

/*
 * What an action just did, said in the page beside the controls that did it, never in a box
 * floating over them: a floating confirmation sat on the Save and Preview buttons for seconds.
 * A section holds a `StatusScope` and puts its `StatusLine` where its controls are; any part
 * inside (a row's button, a dialog opened from the section) says its outcome with `useSay()`.
 * The line is a polite live region, kept until the next outcome or until dismissed.
 */

export type StatusTone = "success" | "info" | "warning" | "error";
export type Say = (text: string, tone?: StatusTone) => void;

interface Said {
  text: string;
  tone: StatusTone;
  /** Counts the outcomes, so the same sentence said twice is announced twice. */
  serial: number;
}

const Voice = createContext<Say | null>(null);
const Heard = createContext<{ said: Said | null; dismiss: () => void } | null>(null);

/**
 * Outside any scope (a part a page placed without one) the outcome still reaches the user, in
 * the toaster, which sits clear of the page's action bars (components/ui/toaster.tsx).
 */
const toToaster: Say = (text, tone = "success") => {
  toast[tone](text);
};

/** How a part says what its action did: to the nearest status line. */
export function useSay(): Say {
  return use(Voice) ?? toToaster;
}

export function StatusScope({ children }: { children: ReactNode }) {
  const [said, setSaid] = useState<Said | null>(null);
  const say = useCallback<Say>(
    (text, tone = "success") => setSaid((previous) => ({ text, tone, serial: (previous?.serial ?? 0) + 1 })),
    [],
  );
  const dismiss = useCallback(() => setSaid(null), []);
  const heard = useMemo(() => ({ said, dismiss }), [said, dismiss]);
  return (
    <Voice value={say}>
      <Heard value={heard}>{children}</Heard>
    </Voice>
  );
}

const toneClasses: Record<StatusTone, string> = {
  success: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  info: "bg-slate-50 text-slate-800 ring-slate-200",
  warning: "bg-amber-50 text-amber-900 ring-amber-200",
  error: "bg-red-50 text-red-800 ring-red-200",
};

/**
 * The scope's line. Always in the page (off screen while empty), so an outcome is announced
 * the moment it arrives; it takes room in the layout only while it has something to say.
 */
export function StatusLine({ className }: { className?: string }) {
  const heard = use(Heard);
  const said = heard?.said ?? null;
  return (
    <div
      data-testid="action-status"
      data-tone={said?.tone}
      className={
        said
          ? cn(
              "flex items-start justify-between gap-3 rounded-md px-3 py-2 text-sm ring-1 ring-inset",
              toneClasses[said.tone],
              className,
            )
          : "sr-only"
      }
    >
      <p role="status" className="min-w-0">
        {said ? <span key={said.serial}>{said.text}</span> : null}
      </p>
      {said ? (
        <button
          type="button"
          onClick={heard?.dismiss}
          className="shrink-0 rounded px-1 text-xs underline-offset-2 hover:underline"
        >
          Dismiss
        </button>
      ) : null}
    </div>
  );
}
