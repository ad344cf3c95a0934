"use client";

import { Tabs as RadixTabs } from "radix-ui";
import { useState, useTransition, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { TabPanelLoading } from "@/components/ui/tab-panel-loading";

export interface TabDef<V extends string> {
  value: V;
  label: string;
  content: ReactNode;
}

/**
 * A workspace's tabs (Radix Tabs: a tablist, arrow keys move between tabs, each panel
 * labelled by its tab). Only the chosen tab's content is mounted, so a tab's queries run when
 * it is opened and not before. Callers keep `value` in the URL (nuqs) so a tab can be linked.
 *
 * A click answers at once: the tab is marked chosen and its panel opens with a loading
 * placeholder. The caller hears of it in a transition, so everything the change costs (the
 * page's re-render, the old content's unmount, the new content's render) is work React does
 * after the click has painted, in slices it can pause for input. The tab being left keeps its
 * content, hidden, until then: unmounting a chart-heavy tab inside the click took 40–80 ms.
 *
 * A caller that may refuse a change (a form that checks its fields first) says so with
 * `mayRefuse`: its tabs change only once it takes the change, so a refused one never flashes.
 */
export function Tabs<V extends string>({
  label,
  value,
  onValueChange,
  tabs,
  mayRefuse = false,
}: {
  label: string;
  value: V;
  onValueChange: (value: V) => void;
  tabs: ReadonlyArray<TabDef<V>>;
  mayRefuse?: boolean;
}) {
  const [chosen, setChosen] = useState(value);
  const [isPending, startTransition] = useTransition();
  // The clicked tab while the caller takes it in; otherwise the caller's value, which can also
  // move on its own (a link to another tab, the back button).
  const shown = isPending ? chosen : value;
  const choose = (next: string) => {
    if (mayRefuse) return onValueChange(next as V);
    setChosen(next as V);
    startTransition(() => onValueChange(next as V));
  };
  return (
    <RadixTabs.Root value={shown} onValueChange={choose} activationMode="manual">
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
        <RadixTabs.Content
          key={tab.value}
          value={tab.value}
          forceMount
          hidden={tab.value !== shown}
          className="pt-4 focus-visible:outline-none"
        >
          {tab.value === value ? tab.content : tab.value === shown ? <TabPanelLoading /> : null}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
