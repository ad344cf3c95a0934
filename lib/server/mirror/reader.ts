import { addDays } from "@/lib/format/dates";
import { ALL_LISTINGS, groupOf } from "@/lib/market/bedrooms";
import { paceReach } from "@/lib/pace/table";
import { pageReadOf, readAllPages } from "@/lib/queries/pages";
import type {
  MirrorGroup,
  MirrorListing,
  MirrorNight,
  MirrorReservation,
  SyncTask,
  TaskResult,
} from "@/lib/server/mirror/mirror-store";
import type { CallInput, EndpointResult, SvcResponse } from "@/lib/svc/client";
import type { BedroomGroup } from "@/lib/svc/schemas/market-report";
import type { EndpointId } from "@/lib/svc/endpoints";
import { isSvcError } from "@/lib/svc/errors";
import { noSetPrices, setPricesOf, setPricesRange } from "@/lib/server/mirror/set-prices";

/** How far the market read reaches either way of today: the longest KPI window. */
const KPI_REACH_NIGHTS = 365;

/**
 * What one sync task reads from the service, request by request. Every request goes through
 * `send`, which the worker paces and counts; each answer comes with its JSON as sent, so that
 * fields this dashboard does not know are kept in the mirror. The answers are read tolerantly
 * by the typed client: the typed columns come from what it read; a row it set aside is not
 * mirrored (the drift log names it).
 */
export type Send = <Id extends EndpointId>(
  id: Id,
  input: CallInput<Id>,
) => Promise<{ answer: SvcResponse<EndpointResult<Id>>; raw: unknown }>;

/** The range of the mirror, in the service's dates. */
export interface MirrorWindow {
  /** The service's today. */
  today: string;
  /** Months of reservations kept before today (a setting; 24 by default). */
  historyMonths: number;
  /** The bedrooms of the account's listings in a market (null: not stated). */
  bedroomsIn: (marketId: string) => Promise<Array<number | null>>;
}

const PER_PAGE = 100;
/** Reservations are read for stays up to a year ahead; nights for the next 365. */
const MONTHS_AHEAD = 12;
const NIGHTS_AHEAD = 365;
/**
 * The market metrics mirrored, night by night, for the whole market and
 * each bedroom group the account's listings fall in: occupancy, which a listing's own is
 * measured against (market penetration), and ADR, which Pace sets beside the portfolio's.
 * Each metric costs a request per group and market.
 */
export const MARKET_METRICS = ["occupancy", "adr"] as const;

/** The day `months` calendar months from `date` (both YYYY-MM-DD). */
function monthsFrom(date: string, months: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

/** One form for instants (UTC, milliseconds), so that the store compares them as text. */
function instant(value: string | null | undefined): string | null {
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : at.toISOString();
}

const rawRows = (raw: unknown): Record<string, unknown>[] =>
  Array.isArray(raw) ? raw.filter((r): r is Record<string, unknown> => !!r && typeof r === "object") : [];
/** The raw row of a read row: by its id among the rows as sent. */
function rawById(raws: Record<string, unknown>[], field: string) {
  const byId = new Map(raws.map((r) => [String(r[field]), r]));
  return (id: string) => byId.get(id) ?? {};
}

/** Every page of a list, with the raw rows of every page. */
async function allPages<Id extends EndpointId, Row>(
  send: Send,
  id: Id,
  input: CallInput<Id>,
  idOf: (row: Row) => string,
): Promise<{ rows: Row[]; raws: Record<string, unknown>[] }> {
  const raws: Record<string, unknown>[] = [];
  const { rows } = await readAllPages<Row>(
    async (page) => {
      const query = { ...(input.query as object), page, per_page: PER_PAGE } as CallInput<Id>["query"];
      const { answer, raw } = await send(id, { ...input, query });
      raws.push(...rawRows(raw));
      return pageReadOf(answer as unknown as SvcResponse<Row[]>);
    },
    { idOf, noun: "rows" },
  );
  return { rows, raws };
}

export async function readTask(task: SyncTask, send: Send, window: MirrorWindow): Promise<TaskResult> {
  const listing = { params: { listing_id: task.subject }, query: { channel: "svc" as const } };
  switch (task.kind) {
    case "listings": {
      const read = await allPages(
        send,
        "listings.list",
        { query: {} },
        (l: EndpointResult<"listings.list">[number]) => l.svc_id,
      );
      const raw = rawById(read.raws, "svc_id");
      const listings: MirrorListing[] = read.rows.map((l) => ({
        listingId: l.svc_id,
        channel: l.channel,
        channelListingId: l.id,
        name: l.name ?? null,
        marketId: l.market_id ?? null,
        bedrooms: l.bedrooms ?? null,
        currency: l.currency ?? null,
        hidden: l.is_hidden === true,
        body: raw(l.svc_id),
      }));
      return { kind: "listings", listings };
    }
    case "reservations": {
      const from = monthsFrom(window.today, -window.historyMonths);
      const to = monthsFrom(window.today, MONTHS_AHEAD);
      const read = await allPages(
        send,
        "listings.reservations",
        { ...listing, query: { channel: "svc", date_filter_type: "stay", start_date: from, end_date: to } },
        (r: EndpointResult<"listings.reservations">[number]) => r.reservation_id,
      );
      const raw = rawById(read.raws, "reservation_id");
      const reservations: MirrorReservation[] = read.rows.map((r) => ({
        reservationId: r.reservation_id,
        status: String(r.status),
        checkIn: r.check_in,
        checkOut: r.check_out,
        nights: r.nights ?? null,
        bookedAt: instant(r.booked_at),
        canceledAt: instant(r.canceled_at),
        currency: r.currency ?? null,
        nightlySubtotal: r.nightly_subtotal ?? null,
        body: raw(r.reservation_id),
      }));
      return { kind: "reservations", window: { from, to }, reservations };
    }
    case "nights": {
      // One answer holds the whole year: splitting the next 90 nights from the rest would
      // double the calendar's cost for the same rows.
      const from = window.today;
      const to = addDays(window.today, NIGHTS_AHEAD - 1);
      const { answer, raw } = await send("listings.priceCalendar", {
        ...listing,
        query: { channel: "svc", start_date: from, end_date: to },
      });
      const rawNight = rawById(rawRows((raw as { nights?: unknown } | null)?.nights), "date");
      const nights: MirrorNight[] = answer.data.nights.map((n) => ({
        date: n.date,
        price: n.price ?? null,
        recommendedPrice: n.recommended_price ?? null,
        minStay: n.min_stay ?? null,
        booked: n.is_booked ?? null,
        blocked: n.available === undefined || n.is_booked === undefined ? null : !n.available && !n.is_booked,
        body: rawNight(n.date),
      }));
      return { kind: "nights", window: { from, to }, currency: answer.data.currency ?? null, nights };
    }
    case "flags": {
      const { raw } = await send("flags.list", listing);
      return { kind: "flags", flags: raw };
    }
    case "market": {
      const params = { market_id: task.subject };
      const groups = await send("marketReport.bedroomGroups", { params });
      const names = groups.answer.data.groups.map((g) => String(g.group));
      // Only the groups the account's listings fall in: the rest answers no question of theirs.
      const wanted = new Set((await window.bedroomsIn(task.subject)).map((b) => groupOf(b, names)));
      // Night by night over every night a pace view shows, so that any period sums from it, and
      // every night of the Listings page's KPI windows, a year back and a year ahead (one
      // request a series all the same).
      const reach = paceReach(window.today);
      const from = [reach.from, addDays(window.today, -KPI_REACH_NIGHTS)].sort()[0]!;
      const to = [addDays(reach.to, -1), addDays(window.today, KPI_REACH_NIGHTS - 1)].sort().at(-1)!;
      const range = { start_date: from, end_date: to, granularity: "day" as const };
      const series: Array<{ bedrooms: string; body: unknown }> = [];
      for (const group of [ALL_LISTINGS, ...names.filter((g) => wanted.has(g))]) {
        for (const metric of MARKET_METRICS) {
          const { raw } = await send("marketReport.timeSeries", {
            params,
            query: {
              metric,
              ...range,
              ...(group === ALL_LISTINGS ? {} : { bedrooms: group as BedroomGroup }),
            },
          });
          series.push({ bedrooms: `${group}:${metric}`, body: raw });
        }
      }
      return { kind: "market", series };
    }
    case "groups":
      return { kind: "groups", groups: await readGroups(send) };
    case "set_prices": {
      // A set grown past 25 memberships (422), or no longer paid or shared (404, 403), has no
      // figure today rather than a failing read retried all day.
      const read = await unlessGone(
        () =>
          send("sets.priceCalendar", {
            params: { set_id: task.subject },
            query: setPricesRange(window.today),
          }),
        [422],
      );
      return {
        kind: "set_prices",
        prices: read ? setPricesOf(window.today, read.answer.data) : noSetPrices(window.today),
      };
    }
  }
}

/** A group's own read, or null when the group is no longer the caller's (403, 404) or answers one of `also`. */
async function unlessGone<T>(read: () => Promise<T>, also: readonly number[] = []): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    // Between the list and this read, a set may stop being shared: it leaves with this read
    // rather than failing it and every other group with it.
    if (isSvcError(error) && (error.status === 403 || error.status === 404 || also.includes(error.status)))
      return null;
    throw error;
  }
}

/**
 * The account's segments and the sets it sees, each with the svc ids of the account's listings
 * in it: a segment's matched listings (every page); a set's listings associated with it by the
 * caller (its comp set), not its member listings, which are the comparison.
 */
async function readGroups(send: Send): Promise<MirrorGroup[]> {
  const groups: MirrorGroup[] = [];
  const segments = await send("segments.list", {});
  const rawSegment = rawById(rawRows(segments.raw), "id");
  for (const segment of segments.answer.data) {
    const listings = await unlessGone(() =>
      allPages(
        send,
        "segments.listings",
        { params: { segment_id: segment.id }, query: {} },
        (l: EndpointResult<"segments.listings">[number]) => l.svc_id,
      ),
    );
    if (listings)
      groups.push({
        kind: "segment",
        id: segment.id,
        name: segment.name,
        listingIds: listings.rows.map((l) => l.svc_id),
        body: rawSegment(segment.id),
      });
  }
  const sets = await allPages(
    send,
    "sets.list",
    { query: {} },
    (s: EndpointResult<"sets.list">[number]) => s.id,
  );
  const rawSet = rawById(sets.raws, "id");
  for (const set of sets.rows) {
    const associated = await unlessGone(() => send("sets.associatedGet", { params: { set_id: set.id } }));
    if (associated)
      groups.push({
        kind: "set",
        id: set.id,
        name: set.name,
        listingIds: associated.answer.data.map((l) => l.svc_id),
        body: rawSet(set.id),
      });
  }
  return groups;
}
