import type { PostPriceState } from "@/lib/listing/custom-rates/words";
import type { PriceCalendar, PriceRecommendations } from "@/lib/svc/schemas/calendar";
import type { Listing } from "@/lib/svc/schemas/listings";

/**
 * My associated listings pinned on top of the set price calendar, pure. Each row comes from
 * the listing's OWN price calendar (the listing workspace's read), not from the set's answer.
 *
 * Currency: the set's calendar converts its comps into one currency, but the interface gives
 * no exchange rates and the listing calendar takes no currency. A listing priced in the set's
 * currency is compared as is (on the comps' colour scale); one priced in another currency is
 * shown in its own currency, marked "not converted", and left off the colour scale (its
 * nights are drawn in the neutral colour), never converted at a rate the dashboard made up.
 *
 * A night with a custom rate shows the channel's price and the price waiting to be posted, as
 * the listing calendar does; the latter comes from the listing's recommendations (the listing
 * workspace's read), asked only for a listing with a custom rate in the range.
 */

export type MineStatus = "loading" | "error" | "ready";

export interface MineCalendar {
  listingId: string;
  name: string;
  /** The listing's own currency: the answer's once read, else the listing record's. */
  currency: string;
  status: MineStatus;
  /** Empty unless `status` is ready. */
  nights: PriceCalendar["nights"];
  /** The price to post by date, once the recommendations are read. */
  postPrices: ReadonlyMap<string, number>;
  /** The minimum stay that applies by date, as the recommendations state it (a custom rate's may differ from the listing's). */
  postMinStays?: ReadonlyMap<string, number | null>;
  /** Where the recommendations stand; "off" when not asked (no custom rate in the range). */
  postState: PostPriceState;
}

/** What the grid knows about a pinned row of mine. */
export interface MineRowInfo {
  currency: string;
  /** Priced in the set's currency: its prices sit on the comps' colour scale. */
  onScale: boolean;
  status: MineStatus;
  postState: PostPriceState;
}

export interface MineAnswer {
  data?: PriceCalendar;
  isError: boolean;
}

export interface PostAnswer {
  data?: PriceRecommendations;
  isError: boolean;
}

/** The price to post tells something only where a custom rate applies: else it is not asked. */
export const hasCustomRate = (calendar: PriceCalendar | undefined): boolean =>
  calendar?.nights.some((night) => night.custom_rate !== null) ?? false;

const NO_PRICES: ReadonlyMap<string, number> = new Map();

/** One pinned row per associated listing, in the associated listings' order, whatever its read's state. */
/** `posts`: each listing's recommendations read, in the same order (asked or not). */
export function mineCalendars(
  associated: readonly Listing[],
  answers: readonly MineAnswer[],
  posts: readonly PostAnswer[] = [],
): MineCalendar[] {
  return associated.map((listing, i) => {
    const answer = answers[i];
    const data = answer?.data;
    const post = posts[i];
    return {
      listingId: listing.svc_id,
      name: listing.name,
      currency: data?.currency ?? listing.currency,
      status: data ? "ready" : answer?.isError ? "error" : "loading",
      nights: data?.nights ?? [],
      postPrices: post?.data ? new Map(post.data.recommendations.map((r) => [r.date, r.price])) : NO_PRICES,
      postMinStays: post?.data
        ? new Map(post.data.recommendations.map((r) => [r.date, r.min_stay]))
        : undefined,
      postState: !hasCustomRate(data) ? "off" : post?.data ? "ready" : post?.isError ? "error" : "loading",
    };
  });
}

export const onSetScale = (setCurrency: string, mineCurrency: string) =>
  setCurrency.toUpperCase() === mineCurrency.toUpperCase();

/** The listings of mine priced in another currency than the set's, for the note under the grid. */
export function unconvertedOf(mine: readonly MineCalendar[], setCurrency: string): MineCalendar[] {
  return mine.filter((m) => !onSetScale(setCurrency, m.currency));
}
