import type { ComponentPropsWithRef } from "react";

/**
 * The bell's button, the same closed (before the panel's code has arrived) and as Radix's
 * trigger: `rest` carries either the intent listeners or Radix's props and ref.
 */
export function BellButton({
  label,
  badge,
  alertsBadge = null,
  ...rest
}: { label: string; badge: string | null; alertsBadge?: string | null } & ComponentPropsWithRef<"button">) {
  return (
    <button
      type="button"
      aria-label={label}
      className="relative inline-flex h-9 w-9 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      {...rest}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 fill-current">
        <path d="M10 2a5 5 0 0 0-5 5v2.6l-1.3 2.6A1 1 0 0 0 4.6 14h10.8a1 1 0 0 0 .9-1.4L15 9.6V7a5 5 0 0 0-5-5Zm-2 13a2 2 0 0 0 4 0H8Z" />
      </svg>
      {badge ? (
        <span
          aria-hidden="true"
          className="absolute -right-1 -top-1 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] font-semibold leading-5 text-white"
        >
          {badge}
        </span>
      ) : null}
      {alertsBadge ? (
        // The open alerts, told apart from the notifications by colour and corner.
        <span
          aria-hidden="true"
          data-testid="bell-alerts-badge"
          className="absolute -bottom-1 -right-1 min-w-5 rounded-full bg-amber-500 px-1 text-center text-[11px] font-semibold leading-5 text-slate-950"
        >
          {alertsBadge}
        </span>
      ) : null}
    </button>
  );
}
