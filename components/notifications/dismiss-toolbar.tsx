"use client";

import { useEffect, useRef } from "react";
import type { Permission } from "@/lib/access/permission";
import { GuardedButton } from "@/components/ui/guarded-button";

/** Several at once: tick all shown, dismiss the ticked ones, or every undismissed one on this page. */
export function DismissToolbar({
  selectable,
  ticked,
  onTickAll,
  onDismiss,
  pending,
  permission,
  errorMessage,
  announcement,
}: {
  selectable: string[];
  ticked: string[];
  onTickAll: (on: boolean) => void;
  onDismiss: (ids: string[]) => void;
  pending: boolean;
  permission: Permission;
  errorMessage: string | null;
  announcement: string;
}) {
  const all = useRef<HTMLInputElement>(null);
  const some = ticked.length > 0 && ticked.length < selectable.length;
  useEffect(() => {
    if (all.current) all.current.indeterminate = some;
  }, [some]);

  return (
    <div className="space-y-2">
      <div
        role="group"
        aria-label="Dismiss several"
        className="flex min-h-11 flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-2 text-sm"
      >
        <label className="flex items-center gap-2">
          <input
            ref={all}
            type="checkbox"
            checked={selectable.length > 0 && ticked.length === selectable.length}
            disabled={selectable.length === 0}
            onChange={(e) => onTickAll(e.target.checked)}
            className="h-4 w-4 rounded border-slate-300 accent-brand-600"
          />
          Select all shown
        </label>
        <span className="text-slate-600">
          {ticked.length === 0
            ? "Tick notifications to dismiss several at once."
            : `${ticked.length} selected`}
        </span>
        <div className="ml-auto flex flex-wrap gap-2">
          <GuardedButton
            permission={permission}
            variant="secondary"
            disabled={pending || ticked.length === 0}
            onClick={() => onDismiss(ticked)}
          >
            {ticked.length === 0 ? "Dismiss selected" : `Dismiss ${ticked.length} selected`}
          </GuardedButton>
          <GuardedButton
            permission={permission}
            variant="secondary"
            disabled={pending || selectable.length === 0}
            onClick={() => onDismiss(selectable)}
          >
            {selectable.length === 0 ? "Dismiss all shown" : `Dismiss all ${selectable.length} shown`}
          </GuardedButton>
        </div>
      </div>
      {errorMessage ? (
        <p
          role="alert"
          className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900 ring-1 ring-inset ring-red-200"
        >
          {errorMessage}
        </p>
      ) : null}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
