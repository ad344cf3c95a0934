"use client";

import { Popover } from "radix-ui";
import { useId } from "react";
import { OTHER_KIND } from "@/lib/sets/list";
import { Button } from "../../ui/button";

/**
 * Several kinds at once (the service takes a comma-separated list): a button that says what
 * is chosen, opening a list of checkboxes (Radix Popover: focus moves in, Escape closes).
 */
export function KindFilter({
  options,
  selected,
  onChange,
}: {
  options: readonly string[];
  selected: readonly string[];
  onChange: (kinds: string[]) => void;
}) {
  const id = useId();
  const summary = selected.length === 0 ? "Any kind" : selected.join(", ");
  const toggle = (kind: string, on: boolean) =>
    // Kept in the options' order, whatever the order of the clicks, so the URL is stable.
    onChange(options.filter((k) => (k === kind ? on : selected.includes(k))));

  return (
    <div className="space-y-1">
      <span id={`${id}-label`} className="block text-sm font-medium text-slate-700">
        Kind
      </span>
      <Popover.Root>
        <Popover.Trigger asChild>
          <button
            type="button"
            aria-labelledby={`${id}-label ${id}-summary`}
            className="flex max-w-72 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50"
          >
            <span id={`${id}-summary`} className="truncate">
              {summary}
            </span>
            <span aria-hidden="true" className="text-xs text-slate-500">
              ▾
            </span>
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={4}
            className="z-50 w-64 rounded-md border border-slate-200 bg-white p-3 shadow-lg"
          >
            <fieldset>
              <legend className="mb-2 text-sm font-medium">Show sets of these kinds</legend>
              <ul className="max-h-64 space-y-1.5 overflow-y-auto">
                {options.map((kind) => (
                  <li key={kind} className="flex items-center gap-2">
                    <input
                      id={`${id}-${kind}`}
                      type="checkbox"
                      checked={selected.includes(kind)}
                      onChange={(e) => toggle(kind, e.target.checked)}
                      className="h-4 w-4 rounded border-slate-300 accent-brand-600"
                    />
                    <label htmlFor={`${id}-${kind}`} className="text-sm">
                      {kind}
                      {kind === OTHER_KIND ? (
                        <span className="ml-1 text-xs text-slate-600">(includes sets with no kind)</span>
                      ) : null}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
            <div className="mt-3 flex justify-between">
              <Button variant="ghost" disabled={selected.length === 0} onClick={() => onChange([])}>
                Any kind
              </Button>
              <Popover.Close asChild>
                <Button variant="secondary">Done</Button>
              </Popover.Close>
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
