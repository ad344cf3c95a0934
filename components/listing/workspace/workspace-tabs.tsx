"use client";

import { useQueryState } from "nuqs";
import type { ComponentType } from "react";
import { lazyPart } from "@/components/ui/lazy";
import { LAZY_TAB } from "@/components/ui/tab-panel-loading";
import { Tabs } from "@/components/ui/tabs";
import type { ListingTabProps } from "@/components/listing/tab-props";
import { tabState } from "@/components/listing/workspace/workspace-tab-parser";
import {
  TAB_LABELS,
  WORKSPACE_TABS,
  type WorkspaceTab,
} from "@/components/listing/workspace/workspace-tab-state";

/**
 * Each tab's code is its own chunk, fetched when the tab is first shown: a workspace opened
 * on KPIs does not download, parse and run the calendar, the preference editor and the rest.
 * (Each import is written out, so that the bundler splits there.)
 */
const TAB_COMPONENTS: Record<WorkspaceTab, ComponentType<ListingTabProps>> = {
  kpis: lazyPart(() => import("@/components/listing/kpis/kpis-tab").then((m) => m.KpisTab), LAZY_TAB),
  pace: lazyPart(() => import("@/components/listing/pace/pace-tab").then((m) => m.PaceTab), LAZY_TAB),
  calendar: lazyPart(
    () => import("@/components/listing/calendar/calendar-tab").then((m) => m.CalendarTab),
    LAZY_TAB,
  ),
  "custom-rates": lazyPart(
    () => import("@/components/listing/custom-rates/custom-rates-tab").then((m) => m.CustomRatesTab),
    LAZY_TAB,
  ),
  preferences: lazyPart(
    () => import("@/components/listing/preferences/preferences-tab").then((m) => m.PreferencesTab),
    LAZY_TAB,
  ),
  reservations: lazyPart(
    () => import("@/components/listing/records/reservations-tab").then((m) => m.ReservationsTab),
    LAZY_TAB,
  ),
  notes: lazyPart(() => import("@/components/listing/records/notes-tab").then((m) => m.NotesTab), LAZY_TAB),
  tags: lazyPart(() => import("@/components/listing/records/tags-tab").then((m) => m.TagsTab), LAZY_TAB),
  flags: lazyPart(() => import("@/components/listing/records/flags-tab").then((m) => m.FlagsTab), LAZY_TAB),
  history: lazyPart(
    () => import("@/components/listing/records/history-tab").then((m) => m.HistoryTab),
    LAZY_TAB,
  ),
  changelog: lazyPart(
    () => import("@/components/listing/records/changelog-tab").then((m) => m.ChangelogTab),
    LAZY_TAB,
  ),
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
