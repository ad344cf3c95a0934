import type { ComponentPropsWithRef } from "react";

/**
 * The kind filter's button, saying what is chosen: the same before the list's code has arrived
 * (kind-filter.tsx) and as the popover's trigger. `id` is the filter's, naming its label.
 */
export function KindFilterButton({
  id,
  summary,
  ...rest
}: { id: string; summary: string } & ComponentPropsWithRef<"button">) {
  return (
    <button
      type="button"
      aria-labelledby={`${id}-label ${id}-summary`}
      className="flex max-w-72 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50"
      {...rest}
    >
      <span id={`${id}-summary`} className="truncate">
        {summary}
      </span>
      <span aria-hidden="true" className="text-[0.625rem] text-slate-500">
        ▼
      </span>
    </button>
  );
}
