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

/**
 * How many of the portfolio calendar's nights are wholly in view across its box, right of the
 * sticky name column: what a reader sees without scrolling the grid.
 */
export const nightsAcross = (page: Page) =>
  page.getByTestId("portfolio-grid").evaluate((grid) => {
    const box = grid.getBoundingClientRect();
    const names = grid.querySelector('[role="columnheader"][aria-colindex="1"]')!.getBoundingClientRect();
    const right = box.left + grid.clientLeft + grid.clientWidth;
    return [...grid.querySelectorAll<HTMLElement>('[role="columnheader"]')].filter((header) => {
      if (header.getAttribute("aria-colindex") === "1") return false;
      const r = header.getBoundingClientRect();
      return r.left >= names.right - 0.5 && r.right <= right + 0.5;
    }).length;
  });

/**
 * The elements matched that reach past the window's left or right edge, by their text (those
 * only read aloud, clipped to nothing, aside). With
 * `ownBoxes`, an element inside a box that scrolls or clips sideways is left out: a wide table
 * may scroll in its own box.
 */
export const cutOff = (page: Page, selector: string, { ownBoxes = false } = {}) =>
  page.locator(selector).evaluateAll(
    (elements, ownBoxes) =>
      elements
        .filter((e) => {
          const r = e.getBoundingClientRect();
          if (r.width <= 1 || (r.left >= 0 && r.right <= window.innerWidth)) return false;
          for (let box: Element | null = e; box && box !== document.body; box = box.parentElement) {
            const style = getComputedStyle(box);
            // Read aloud only (sr-only): clipped to nothing, never seen cut.
            if (style.clipPath !== "none" || (style.clip !== "auto" && style.clip !== "")) return false;
            if (ownBoxes && box !== e && style.overflowX !== "visible") return false;
          }
          return true;
        })
        .map((e) => (e.textContent ?? "").trim().slice(0, 60)),
    ownBoxes,
  );
