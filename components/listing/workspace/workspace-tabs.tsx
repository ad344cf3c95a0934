"use client";

import { useQueryState } from "nuqs";
import type { ComponentType } from "react";
import { Tabs } from "@/components/ui/tabs";
import { CalendarTab } from "../calendar/calendar-tab";
import { CustomRatesTab } from "../custom-rates/custom-rates-tab";
import { KpisTab } from "../kpis/kpis-tab";
import { PreferencesTab } from "../preferences/preferences-tab";
import { ChangelogTab } from "../records/changelog-tab";
import { FlagsTab } from "../records/flags-tab";
import { HistoryTab } from "../records/history-tab";
import { NotesTab } from "../records/notes-tab";
import { ReservationsTab } from "../records/reservations-tab";
import { TagsTab } from "../records/tags-tab";
import type { ListingTabProps } from "../tab-props";
import { tabState } from "./workspace-tab-parser";
import { TAB_LABELS, WORKSPACE_TABS, type WorkspaceTab } from "./workspace-tab-state";

const TAB_COMPONENTS: Record<WorkspaceTab, ComponentType<ListingTabProps>> = {
  kpis: KpisTab,
  calendar: CalendarTab,
  "custom-rates": CustomRatesTab,
  preferences: PreferencesTab,
  reservations: ReservationsTab,
  notes: NotesTab,
  tags: TagsTab,
  flags: FlagsTab,
  history: HistoryTab,
  changelog: ChangelogTab,
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
