import type { ComponentPropsWithRef } from "react";

/** The display preferences' button, the same closed and as Radix's trigger (see BellButton). */
export function DisplayPreferencesButton(props: ComponentPropsWithRef<"button">) {
  return (
    <button
      type="button"
      aria-label="Display preferences"
      className="inline-flex h-9 w-9 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      {...props}
    >
      {/* A half-filled circle: light and dark. */}
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5">
        <circle cx="10" cy="10" r="7" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M10 3a7 7 0 0 1 0 14Z" fill="currentColor" />
      </svg>
    </button>
  );
}
