/**
 * Every page `bench:pages` loads: each section of the navigation, the listing workspace with
 * each tab, the set page with each tab, and the pages behind a section (a segment, a market,
 * the Inbox, the create forms). Built from the tables the app itself uses, so a new section
 * or tab is measured without editing the bench.
 */
import { WORKSPACE_TABS } from "../components/listing/workspace/workspace-tab-state";
import { SET_TABS } from "../components/sets/page/set-tabs";
import { sections } from "../lib/shell/sections";

export interface BenchPageIds {
  listing: string;
  set: string;
  segment: string;
  market: string;
}

export function benchPages(ids: BenchPageIds): string[] {
  const id = encodeURIComponent;
  return [
    ...sections.map((s) => s.href),
    ...WORKSPACE_TABS.map((tab) => `/listings/${id(ids.listing)}?tab=${tab}`),
    ...SET_TABS.map((tab) => `/sets/${id(ids.set)}?tab=${tab}`),
    "/sets/new",
    `/segments/${id(ids.segment)}`,
    "/segments/new",
    `/market/${id(ids.market)}`,
    "/webhooks/inbox",
  ];
}
