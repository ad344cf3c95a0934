"use client";

import { Tabs as RadixTabs } from "radix-ui";
import { useDeferredValue, type ReactNode } from "react";
import { cn } from "./cn";
import { TabPanelLoading } from "./tab-panel-loading";

export interface TabDef<V extends string> {
  value: V;
  label: string;
  content: ReactNode;
}

/**
 * A workspace's tabs (Radix Tabs: a tablist, arrow keys move between tabs, each panel
 * labelled by its tab). Only the chosen panel is mounted, so a tab's queries run when it
 * is opened and not before. Callers keep `value` in the URL (nuqs) so a tab can be linked.
 *
 * A click answers at once: the tab is marked chosen and its panel opens with a loading
 * placeholder; the tab's content is drawn just after, as a deferred render React can pause for input,
 * so opening a heavy tab (a chart, a long table) never holds the click's paint.
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
  const drawn = useDeferredValue(value);
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
          {tab.value === drawn ? tab.content : <TabPanelLoading />}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
