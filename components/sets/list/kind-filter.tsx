"use client";

import { useId } from "react";
import { lazyDialog } from "@/components/ui/lazy";
import { KindFilterButton } from "@/components/sets/list/kind-filter-button";
import type { KindFilterProps, KindPopoverProps } from "@/components/sets/list/kind-filter-popover";

const KindPopover = lazyDialog<KindPopoverProps>(() => import("@/components/sets/list/kind-filter-popover"), {
  trigger: ({ id, summary }) => <KindFilterButton id={id} summary={summary} />,
});

/**
 * Several kinds at once (the service takes a comma-separated list): a button that says what
 * is chosen, opening a list of checkboxes. The list's code (Radix's popover and popper) comes
 * with the first move towards the button, not with the page (lazyDialog).
 */
export function KindFilter(props: KindFilterProps) {
  const id = useId();
  const summary = props.selected.length === 0 ? "Any kind" : props.selected.join(", ");
  return (
    <div className="space-y-1">
      <span id={`${id}-label`} className="block text-sm font-medium text-slate-700">
        Kind
      </span>
      <KindPopover {...props} id={id} summary={summary} />
    </div>
  );
}
