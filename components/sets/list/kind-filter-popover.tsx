"use client";

import { Popover } from "radix-ui";
import { useState } from "react";
import { OTHER_KIND } from "@/lib/sets/list";
import { Button } from "@/components/ui/button";
import type { LazyDialogProps } from "@/components/ui/lazy";

export interface KindFilterProps {
  options: readonly string[];
  selected: readonly string[];
  onChange: (kinds: string[]) => void;
}

/** Besides the filter's own props: its id (naming the label) and the summary its button shows. */
export type KindPopoverProps = KindFilterProps & { id: string; summary: string };

/**
 * The kind filter's list of checkboxes (Radix Popover: focus moves in, Escape closes), fetched
 * on the first move towards its button (kind-filter.tsx); the click that fetched it opens it.
 */
export default function KindFilterPopover({
  id,
  options,
  selected,
  onChange,
  trigger,
}: KindPopoverProps & LazyDialogProps) {
  const [open, setOpen] = useState(false);
  const toggle = (kind: string, on: boolean) =>
    // Kept in the options' order, whatever the order of the clicks, so the URL is stable.
    onChange(options.filter((k) => (k === kind ? on : selected.includes(k))));

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
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
  );
}
