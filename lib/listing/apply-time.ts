import { listInWords, nameInWords } from "@/lib/listing/preferences/warnings";
import { PREFERENCE_SETTING_NAMES, type PreferenceSettingName } from "@/lib/svc/schemas/preferences";

/**
 * What a saved change does now and what waits, said after every write of the listing
 * workspace that bears on prices (preferences saved, copied or batched, custom rates added,
 * cleared or bulk-applied). The interface: a settings change is not followed by
 * `recommendations.updated` at once; the event follows when recommendations are next
 * computed (the market's pricing run) or posted. So a save stores the settings, the price
 * calendar's recommendations move at the next pricing run, and the channel's prices move at
 * the next posting (automatic posting, or Sync). A custom rate is different: the service's
 * price to post and minimum stay take it at once; only the channel waits for the next posting.
 * Pure, so each case is worded and tested here.
 */

/** Whether this dashboard hears the service's `recommendations.updated` and refreshes open pages. */
export type LiveRecommendations = "connected" | "not_connected" | "unknown";

export interface ApplyContext {
  /** The listing's automatic rate posting (`pricing_enabled`) after the write; null when it differs or is unknown. */
  automaticPosting: boolean | null;
  live: LiveRecommendations;
}

export type SavedChange =
  | {
      kind: "preferences";
      /** The settings the write changed. */
      settings: readonly PreferenceSettingName[];
      /** Listings written at once (a batch); 1 for the listing's own editor. */
      listings?: number;
    }
  | {
      kind: "custom_rates";
      /** Added (a rate now covers the nights) or cleared (the nights follow the recommendation again). */
      action: "added" | "cleared";
      /** The nights in words ("4 Dec - 6 Dec 2026"). */
      dates: string;
      listings?: number;
    };

export interface ApplyTime {
  /** What holds from the moment of the save. */
  now: string;
  /** What waits, and for what. */
  next: string;
}

/**
 * Settings the pricing engine reads when it computes recommendations (prices and the stays
 * it accepts): they reach the calendar at the next pricing run, not on save.
 */
const AT_PRICING_RUN: ReadonlySet<PreferenceSettingName> = new Set([
  "base_price",
  "base_price_adjustment",
  "min_price",
  "max_price",
  "min_stay",
  "checkin_checkout",
  "long_term_discounts",
  "fees",
  "guests_included",
]);

/** A nickname names the listing; the fee estimate only scales what guests pay on the calendar's fee overlay. */
const NOT_PRICING: ReadonlySet<PreferenceSettingName> = new Set(["nickname", "fee_adjustments"]);

const onListings = (n: number | undefined) => (n !== undefined && n > 1 ? ` on ${n} listings` : "");

function posting(context: ApplyContext, listings: number | undefined): string {
  if (context.automaticPosting === true) {
    return "Automatic posting then sends them to the channel; Sync sends them sooner.";
  }
  if (context.automaticPosting === false) {
    return `Automatic posting is off${listings && listings > 1 ? " on this listing" : ""}, so the channel keeps its prices until you press Sync.`;
  }
  return "Listings with automatic posting send them to the channel then; the others when you press Sync.";
}

function refresh(context: ApplyContext): string {
  if (context.live === "connected") return " The price calendar refreshes by itself when they arrive.";
  if (context.live === "not_connected") {
    return " This dashboard is not connected to the service's webhooks, so reload the price calendar after the run (Webhooks, Connect this dashboard).";
  }
  return "";
}

export function applyTime(change: SavedChange, context: ApplyContext): ApplyTime {
  if (change.kind === "custom_rates") {
    const where = onListings(change.listings);
    const now =
      change.action === "added"
        ? `The price to post and the minimum stay of ${change.dates}${where} follow the custom rate now.`
        : `The nights of ${change.dates}${where} follow the service's recommendation again now.`;
    const next =
      context.automaticPosting === false
        ? "The channel shows the old prices for them until you press Sync: automatic posting is off."
        : context.automaticPosting === true
          ? "The channel shows the old prices for them until the next posting: automatic posting, or Sync now."
          : "The channel shows the old prices for them until the next posting: automatic posting where it is on, else Sync.";
    return { now, next };
  }

  const where = onListings(change.listings);
  const settings = [...change.settings];
  const atRun = settings.filter((s) => AT_PRICING_RUN.has(s));
  const nowOnly = settings.filter((s) => !AT_PRICING_RUN.has(s));
  const names = (list: PreferenceSettingName[]) => listInWords(list.map(nameInWords));

  const nowParts: string[] = [];
  if (atRun.length > 0) nowParts.push(`Stored now${where}: ${names(atRun)}.`);
  if (settings.includes("pricing_enabled")) {
    nowParts.push(
      context.automaticPosting === false
        ? "Automatic posting is off from now: the channel's prices change only when you press Sync."
        : context.automaticPosting === true
          ? "Automatic posting is on from now."
          : "Automatic posting is changed from now.",
    );
  }
  const plain = nowOnly.filter((s) => NOT_PRICING.has(s));
  if (plain.length > 0) nowParts.push(`In effect now${where}: ${names(plain)}.`);

  if (atRun.length === 0) {
    return {
      now: nowParts.join(" ") || "Nothing changed.",
      next: "Nothing waits for the pricing run: these settings do not change the recommendations.",
    };
  }
  return {
    now: nowParts.join(" "),
    next:
      "The price calendar's recommendations change at the next pricing run of the listing's market, not on save; Sync before it posts the current ones. " +
      posting(context, change.listings) +
      refresh(context),
  };
}

/** This dashboard's webhook connection, as the Webhooks page reports it, in the three cases the wording needs. */
export function liveRecommendations(
  status:
    | {
        connected: boolean;
        subscription?: { status: "enabled" | "disabled"; event_types: readonly string[] };
      }
    | undefined,
): LiveRecommendations {
  if (status === undefined) return "unknown";
  const sub = status.subscription;
  const hears =
    status.connected &&
    sub !== undefined &&
    sub.status === "enabled" &&
    sub.event_types.includes("recommendations.updated");
  return hears ? "connected" : "not_connected";
}

/** The settings whose stored value a write changed (a copy answers them all), in the form's order. */
export function changedSettingNames(
  before: Partial<Record<PreferenceSettingName, unknown>>,
  after: Partial<Record<PreferenceSettingName, unknown>>,
): PreferenceSettingName[] {
  return PREFERENCE_SETTING_NAMES.filter(
    (name) => JSON.stringify(before[name] ?? null) !== JSON.stringify(after[name] ?? null),
  );
}

/**
 * The automatic posting of listings written together: true or false when they agree, null when
 * they differ (the wording then speaks of both). A write that sets it decides it for all.
 */
export function postingOf(
  listings: ReadonlyArray<{ listing_preferences: { pricing_enabled: boolean } }>,
  written?: boolean,
): boolean | null {
  if (written !== undefined) return written;
  const values = new Set(listings.map((l) => l.listing_preferences.pricing_enabled));
  return values.size === 1 ? [...values][0]! : null;
}
