"use client";

import { useQuery } from "@tanstack/react-query";
import { parseAsStringLiteral, useQueryState } from "nuqs";
import { Link } from "@/components/ui/link";
import { setQuery } from "@/lib/sets/queries";
import { canDo } from "@/lib/sets/access";
import { isSvcError } from "@/lib/svc/errors";
import type { SetTabProps } from "@/components/sets/page/tab-props";
import { useRememberVisit } from "@/components/shell/recent-visits";
import { ErrorPanel } from "@/components/ui/error-panel";
import { lazyPart } from "@/components/ui/lazy";
import { LAZY_TAB } from "@/components/ui/tab-panel-loading";
import { Tabs, type TabDef } from "@/components/ui/tabs";
import { SetHeader } from "@/components/sets/page/set-header";
import { SetPageSkeleton } from "@/components/sets/page/set-page-skeleton";
import { SET_TABS, type SetTab } from "@/components/sets/page/set-tabs";

// Each tab's code is its own chunk, fetched when the tab is first shown (the analytics tab's
// charts are most of the page's script).
const MembersTab = lazyPart(
  () => import("@/components/sets/page/members-tab").then((m) => m.MembersTab),
  LAZY_TAB,
);
const AssociatedTab = lazyPart(
  () => import("@/components/sets/page/associated-tab").then((m) => m.AssociatedTab),
  LAZY_TAB,
);
const SharingTab = lazyPart(
  () => import("@/components/sets/page/sharing-tab").then((m) => m.SharingTab),
  LAZY_TAB,
);
const AnalyticsTab = lazyPart(
  () => import("@/components/sets/analytics/analytics-tab").then((m) => m.AnalyticsTab),
  LAZY_TAB,
);

function NoSuchSet() {
  return (
    <section
      aria-labelledby="set-missing"
      className="max-w-xl rounded-lg border border-slate-200 bg-white p-5"
    >
      <h1 id="set-missing" className="text-lg font-semibold">
        No such set, or none you can see.
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        The set may have been removed, or its owner has not shared it with you.
      </p>
      <Link href="/sets" className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline">
        Back to your sets
      </Link>
    </section>
  );
}

function tabsFor(props: SetTabProps): TabDef<SetTab>[] {
  const tabs: TabDef<SetTab>[] = [
    { value: "members", label: "Members", content: <MembersTab {...props} /> },
    { value: "associated", label: "Associated listings", content: <AssociatedTab {...props} /> },
  ];
  // Only the owner and managers see who the set is shared with (the record carries it for them alone).
  if (canDo(props.set.access, "share")) {
    tabs.push({ value: "sharing", label: "Sharing", content: <SharingTab {...props} /> });
  }
  tabs.push({
    value: "analytics",
    label: "Analytics",
    content: <AnalyticsTab set={props.set} readOnly={props.readOnly} />,
  });
  return tabs;
}

/** One set: its header, and its members, associated listings, sharing and analytics in tabs. */
export function SetPage({ setId, readOnly }: { setId: string; readOnly: boolean }) {
  const set = useQuery(setQuery(setId));
  const [tab, setTab] = useQueryState("tab", parseAsStringLiteral(SET_TABS).withDefault("members"));
  // The Overview offers the sets opened last.
  useRememberVisit(set.data ? { kind: "set", id: set.data.id, name: set.data.name } : null);

  if (set.isPending) return <SetPageSkeleton />;
  if (set.isError) {
    if (isSvcError(set.error) && set.error.status === 404) return <NoSuchSet />;
    return <ErrorPanel error={set.error} onRetry={() => set.refetch()} what="this set" />;
  }

  const tabs = tabsFor({ set: set.data, readOnly });
  // A link to a tab this caller does not have (Sharing for an editor) opens Members instead.
  const shown = tabs.some((t) => t.value === tab) ? tab : "members";
  return (
    <div className="space-y-6" data-testid="set-page" data-state="ready">
      <SetHeader set={set.data} />
      <Tabs
        label="Set sections"
        value={shown}
        onValueChange={(next) => void setTab(next === "members" ? null : next)}
        tabs={tabs}
      />
    </div>
  );
}
