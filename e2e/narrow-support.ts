import type { Page } from "@playwright/test";
import { WORKSPACE_TABS } from "../components/listing/workspace/workspace-tab-state";
import { SET_TABS } from "../components/sets/page/set-tabs";
import type { Segment } from "../lib/svc/schemas/segments";
import { svcGet } from "./fixtures";
import { listingWorkspacePath, paidSetPath, themedPages } from "./theme-support";

/** The phone the narrow layout is checked on. */
export const PHONE = { width: 390, height: 844 };

/**
 * The pages checked at a phone's width: the themed pages (every section, the listing
 * workspace, a paid set's analytics, a market), each tab they do not already cover, and the
 * pages reached from a section rather than listed in it.
 */
export const narrowPages: Array<{ name: string; path: () => Promise<string> }> = [
  ...themedPages,
  ...WORKSPACE_TABS.filter((tab) => tab !== "kpis").map((tab) => ({
    name: `Listing workspace, ${tab}`,
    path: async () => `${await listingWorkspacePath()}?tab=${tab}`,
  })),
  ...SET_TABS.filter((tab) => tab !== "analytics").map((tab) => ({
    name: `Set, ${tab}`,
    path: async () => `${await paidSetPath()}?tab=${tab}`,
  })),
  {
    name: "Segment",
    path: async () => `/segments/${(await svcGet<Segment[]>("/segments"))[0]!.id}`,
  },
  { name: "New set", path: async () => "/sets/new" },
  { name: "New segment", path: async () => "/segments/new" },
  { name: "Webhook inbox", path: async () => "/webhooks/inbox" },
];

/** How far the page scrolls sideways: 0 when nothing is wider than the window. */
export const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
