"use client";

import dynamic from "next/dynamic";
import { useQueryState } from "nuqs";
import type { ComponentType } from "react";
import { TabPanelLoading } from "@/components/ui/tab-panel-loading";
import { Tabs } from "@/components/ui/tabs";
import type { ListingTabProps } from "../tab-props";
import { tabState } from "./workspace-tab-parser";
import { TAB_LABELS, WORKSPACE_TABS, type WorkspaceTab } from "./workspace-tab-state";

/**
 * Each tab's code is its own chunk, fetched when the tab is first shown: a workspace opened
 * on KPIs does not download, parse and run the calendar, the preference editor and the rest.
 * (next/dynamic wants the import written out in each call, so that it can preload it.)
 */
const TAB_COMPONENTS: Record<WorkspaceTab, ComponentType<ListingTabProps>> = {
  kpis: dynamic(() => import("../kpis/kpis-tab").then((m) => m.KpisTab), { loading: TabPanelLoading }),
  calendar: dynamic(() => import("../calendar/calendar-tab").then((m) => m.CalendarTab), {
    loading: TabPanelLoading,
  }),
  "custom-rates": dynamic(() => import("../custom-rates/custom-rates-tab").then((m) => m.CustomRatesTab), {
    loading: TabPanelLoading,
  }),
  preferences: dynamic(() => import("../preferences/preferences-tab").then((m) => m.PreferencesTab), {
    loading: TabPanelLoading,
  }),
  reservations: dynamic(() => import("../records/reservations-tab").then((m) => m.ReservationsTab), {
    loading: TabPanelLoading,
  }),
  notes: dynamic(() => import("../records/notes-tab").then((m) => m.NotesTab), { loading: TabPanelLoading }),
  tags: dynamic(() => import("../records/tags-tab").then((m) => m.TagsTab), { loading: TabPanelLoading }),
  flags: dynamic(() => import("../records/flags-tab").then((m) => m.FlagsTab), { loading: TabPanelLoading }),
  history: dynamic(() => import("../records/history-tab").then((m) => m.HistoryTab), {
    loading: TabPanelLoading,
  }),
  changelog: dynamic(() => import("../records/changelog-tab").then((m) => m.ChangelogTab), {
    loading: TabPanelLoading,
  }),
};

/**
 * The workspace's tabs, the chosen one in `?tab=`. Only the open tab is mounted, so a tab's
 * requests start when it is opened; coming back within a minute reuses the cached answers.
 */
export function WorkspaceTabs(props: ListingTabProps) {
  const [tab, setTab] = useQueryState("tab", tabState);
  const tabs = WORKSPACE_TABS.map((value) => {
    const Content = TAB_COMPONENTS[value];
    return { value, label: TAB_LABELS[value], content: <Content {...props} /> };
  });
  return (
    <Tabs
      label={`${props.listing.name} workspace`}
      value={tab}
      onValueChange={(next) => void setTab(next)}
      tabs={tabs}
    />
  );
}
