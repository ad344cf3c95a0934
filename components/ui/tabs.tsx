"use client";

import { Tabs as RadixTabs } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "./cn";

export interface TabDef<V extends string> {
  value: V;
  label: string;
  content: ReactNode;
}

/**
 * A workspace's tabs (Radix Tabs: a tablist, arrow keys move between tabs, each panel
 * labelled by its tab). Only the chosen panel is mounted, so a tab's queries run when it
 * is opened and not before. Callers keep `value` in the URL (nuqs) so a tab can be linked.
 */
export function Tabs<V extends string>({
  label,
  value,
  onValueChange,
  tabs,
}: {
  label: string;
  value: V;
  onValueChange: (value: V) => void;
  tabs: ReadonlyArray<TabDef<V>>;
}) {
  return (
    <RadixTabs.Root value={value} onValueChange={(next) => onValueChange(next as V)} activationMode="manual">
      <RadixTabs.List aria-label={label} className="flex flex-wrap gap-1 border-b border-slate-200">
        {tabs.map((tab) => (
          <RadixTabs.Trigger
            key={tab.value}
            value={tab.value}
            className={cn(
              "-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900",
              "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
              "data-[state=active]:border-brand-600 data-[state=active]:text-brand-700",
            )}
          >
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        <RadixTabs.Content key={tab.value} value={tab.value} className="pt-4 focus-visible:outline-none">
          {tab.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
