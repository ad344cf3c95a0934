import type { BedroomGroup, BedroomGroups, BedroomsParam } from "@/lib/svc/schemas/market-report";
import { bedroomsParam } from "@/lib/svc/schemas/market-report";

/**
 * The bedroom picker of a market: what it offers, and what a linked or typed choice turns
 * into. The market's own groups (GET /market_report/{id}/bedroom_groups) decide; a group the
 * market lacks is never offered, and never asked for.
 */

/** "all": the whole market (no `bedrooms` parameter); otherwise the parameter's value. */
export type BedroomChoice = "all" | BedroomsParam;
export const ALL_LISTINGS: BedroomChoice = "all";

/** Overlaid groups at most: each one is a request and a colour on the chart. */
export const MAX_OVERLAID_GROUPS = 4;

export interface BedroomOption {
  value: BedroomChoice;
  label: string;
  /** Listings behind the choice, as the service counts them. */
  listingCount: number;
  /** Why this option reads as it does, where that is not obvious. */
  note?: string;
}

/** "All listings", "0 bedrooms (studios)", "1 bedroom", "6+ bedrooms". */
export function bedroomLabel(choice: BedroomChoice): string {
  if (choice === "all") return "All listings";
  if (choice === "0") return "0 bedrooms (studios)";
  if (choice === "1") return "1 bedroom";
  return `${choice} bedrooms`;
}

/** Short form for legends and titles: "All listings", "Studios", "1 BR", "6+ BR". */
export function bedroomShortLabel(choice: BedroomChoice): string {
  if (choice === "all") return "All listings";
  if (choice === "0") return "Studios";
  return `${choice} BR`;
}

/** `4+` exists only where the market splits into 4, 5 and 6+ (the interface's rule). */
export function offersFourPlus(groups: readonly BedroomGroup[]): boolean {
  return groups.includes("4") && groups.includes("5") && groups.includes("6+");
}

export const FOUR_PLUS_NOTE = "The service answers 4+ from this market's 4-bedroom group.";

/** Every choice the picker shows for a market, in the service's order, `4+` after `6+`. */
export function bedroomOptions(marketListingCount: number, groups: BedroomGroups["groups"]): BedroomOption[] {
  const options: BedroomOption[] = [
    { value: "all", label: bedroomLabel("all"), listingCount: marketListingCount },
    ...groups.map((g) => ({ value: g.group, label: bedroomLabel(g.group), listingCount: g.listing_count })),
  ];
  if (offersFourPlus(groups.map((g) => g.group))) {
    const four = groups.find((g) => g.group === "4")!;
    options.push({
      value: "4+",
      label: bedroomLabel("4+"),
      listingCount: four.listing_count,
      note: FOUR_PLUS_NOTE,
    });
  }
  return options;
}

export interface ResolvedChoices {
  /** Choices to chart now, in the order asked, without repeats, at most MAX_OVERLAID_GROUPS. */
  shown: BedroomChoice[];
  /** Asked for, but the market has no such group (or it is not a group at all). */
  lacking: string[];
  /** Waiting for the market's groups before they can be asked for. */
  waiting: BedroomChoice[];
}

/**
 * What the URL's `bedrooms` turns into. Before the market's groups are known only "all" can
 * be charted (no request is sent for a group that might not exist); afterwards anything the
 * picker would not offer is set aside with a sentence. An empty choice means the whole market.
 */
export function resolveChoices(
  requested: readonly string[],
  options: readonly BedroomOption[] | null,
): ResolvedChoices {
  const unique = [...new Set(requested.length > 0 ? requested : ["all"])];
  const shown: BedroomChoice[] = [];
  const lacking: string[] = [];
  const waiting: BedroomChoice[] = [];
  for (const value of unique) {
    const valid = value === "all" || bedroomsParam.safeParse(value).success;
    if (!valid) lacking.push(value);
    else if (value === "all") shown.push("all");
    else if (options === null) waiting.push(value as BedroomChoice);
    else if (options.some((o) => o.value === value)) shown.push(value as BedroomChoice);
    else lacking.push(value);
  }
  return { shown: shown.slice(0, MAX_OVERLAID_GROUPS), lacking, waiting };
}

/** The service's own sentence for a group a market lacks, for a choice never sent to it. */
export function lackingSentence(
  marketName: string,
  asked: string,
  options: readonly BedroomOption[],
): string {
  const groups = options
    .filter((o) => o.value !== "all" && o.value !== "4+")
    .map((o) => o.value)
    .join(", ");
  return `${marketName} has no ${asked} bedrooms group; its groups are ${groups}.`;
}

/** The picker's next choice after one box is ticked or cleared: never empty, never over the cap. */
export function toggleChoice(
  current: readonly BedroomChoice[],
  value: BedroomChoice,
  checked: boolean,
): BedroomChoice[] {
  if (!checked) {
    const next = current.filter((c) => c !== value);
    return next.length > 0 ? next : ["all"];
  }
  if (current.includes(value) || current.length >= MAX_OVERLAID_GROUPS) return [...current];
  return [...current, value];
}

/**
 * Whether a listing with `bedrooms` is in what a choice charts. `6+` and `2+` gather that
 * count and up; `4+` is answered from the 4 group, so it holds 4-bedroom listings only.
 */
export function inChoice(choice: BedroomChoice, bedrooms: number | null): boolean {
  if (choice === "all") return true;
  if (bedrooms === null) return false;
  if (choice === "4+") return bedrooms === 4;
  if (choice.endsWith("+")) return bedrooms >= Number(choice.slice(0, -1));
  return bedrooms === Number(choice);
}

/** A choice as the `bedrooms` query value: absent for the whole market. */
export const bedroomsQuery = (choice: BedroomChoice): BedroomsParam | undefined =>
  choice === "all" ? undefined : choice;

/**
 * The market's group a listing falls in: its own count where the market has that group, else
 * the open-ended group below it ("6+", "2+"); null bedrooms read as the market as a whole.
 */
export function groupOf(bedrooms: number | null, groups: readonly string[]): string | null {
  if (bedrooms === null) return null;
  if (groups.includes(String(bedrooms))) return String(bedrooms);
  const open = groups
    .filter((g) => g.endsWith("+") && Number(g.slice(0, -1)) <= bedrooms)
    .sort((a, b) => Number(b.slice(0, -1)) - Number(a.slice(0, -1)));
  return open[0] ?? null;
}
