import { addDays } from "@/lib/format/dates";
import { flagFacts, floorOf, type FlagFacts, type NightFacts } from "@/lib/alerts/measure";
import type { RuleScope } from "@/lib/alerts/rules";
import { stlyInstant, stlyPeriod } from "@/lib/pace/definitions";
import { marketOverlay } from "@/lib/pace/market-overlay";
import { paceScopeSchema, type PaceScope } from "@/lib/pace/scope";
import { pacePeriods } from "@/lib/pace/table";
import {
  FEW_LISTINGS,
  listingNightsOf,
  monthFiguresOf,
  recentBookingsOf,
  windowRowsOf,
  type Held,
} from "@/lib/server/alerts/few-listings";
import type { RecentBookings } from "@/lib/server/mirror/mirror-figures";
import type { MirrorListing, MirrorStore } from "@/lib/server/mirror/mirror-store";
import { pickupWindow } from "@/lib/server/mirror/pace-report";
import { scopeOver, type ResolvedScope } from "@/lib/server/mirror/pace-scope";

/**
 * What one evaluation reads of the account's mirror, each read made once however many rules
 * ask for it (kept as promises, so rules evaluated side by side share them). The mirror
 * answers everything: no read here reaches the service.
 */

/** A rule's scope as Pace's (lib/pace/scope.ts), the same names as the Listings page's filters. */
export function paceScopeOf(scope: RuleScope): PaceScope {
  return paceScopeSchema.parse({
    managed: scope.managed === undefined ? undefined : String(scope.managed),
    activeOnly: scope.active_only === undefined ? undefined : String(scope.active_only),
    hidden: scope.hidden === undefined ? undefined : String(scope.hidden),
    owner: scope.owner,
    market: scope.market_id,
    bedrooms: scope.bedrooms,
    channel: scope.channel,
    segment: scope.segment_id,
    set: scope.set_id,
  });
}

/** The scope's listings: every one it names (whole portfolio: every listing not hidden). */
export interface ScopeListings {
  /** For the store's figures: undefined reads every listing not hidden (the caller keeps `ids`). */
  figures: readonly string[] | undefined;
  ids: readonly string[];
  records: ReadonlyMap<string, MirrorListing & { readAt: string }>;
}

const DAY_MS = 86_400_000;

export class Readings {
  readonly today: string;
  private cache = new Map<string, Promise<unknown>>();

  constructor(
    private readonly store: MirrorStore,
    private readonly accountId: string,
    /** The service's time, ISO. */
    readonly now: string,
    /** Only these listings (the ones a write named); every listing when left out. */
    private readonly only?: ReadonlySet<string>,
  ) {
    this.today = now.slice(0, 10);
  }

  /** Whether only the listings a write named are evaluated. */
  get named(): boolean {
    return this.only !== undefined;
  }

  private once<T>(key: string, read: () => Promise<T>): Promise<T> {
    let hit = this.cache.get(key) as Promise<T> | undefined;
    if (!hit) this.cache.set(key, (hit = read()));
    return hit;
  }

  /** The account's listing records, read once per evaluation. */
  private records() {
    return this.once("records", () => this.store.listings(this.accountId));
  }

  /** The account's segments and sets, read once per evaluation. */
  private groups() {
    return this.once("groups", () => this.store.groups(this.accountId));
  }

  scope(scope: RuleScope): Promise<ScopeListings> {
    const pace = paceScopeOf(scope);
    return this.once(`scope:${JSON.stringify(pace)}`, async () => {
      const [records, groups] = await Promise.all([this.records(), this.groups()]);
      const resolved: ResolvedScope = scopeOver(records, groups, this.accountId, pace);
      const all =
        resolved.listings ?? [...resolved.records.values()].filter((l) => !l.hidden).map((l) => l.listingId);
      const ids = this.only ? all.filter((id) => this.only!.has(id)) : all;
      // Every rule reads the same figures, kept per listing: those of the listings a write
      // named, or the whole portfolio's (every listing not hidden); a scope holding hidden
      // listings reads its own.
      if (this.only) return { figures: [...this.only].sort(), ids, records: resolved.records };
      const hidden = ids.some((id) => resolved.records.get(id)?.hidden);
      return { figures: hidden ? ids : undefined, ids, records: resolved.records };
    });
  }

  /** The next 30 nights of every listing whose mirrored calendar holds them all, as typed columns. */
  next30(): Promise<ReadonlyMap<string, { currency: string | null; nights: NightFacts[]; readAt: string }>> {
    return this.once("next30", async () => {
      const ids = this.only ? [...this.only] : null;
      const calendars = await this.store.calendarNights(this.accountId, ids, {
        from: this.today,
        to: addDays(this.today, 29),
      });
      return new Map(calendars.map((c) => [c.listingId, c]));
    });
  }

  /**
   * Each listing's flags as last read (the listings a write named, or every one), read
   * tolerantly; a listing whose flags body cannot be read at all is left out, unmeasured.
   */
  flags(): Promise<ReadonlyMap<string, FlagFacts[]>> {
    return this.once("flags", async () => {
      const held = new Map<string, FlagFacts[]>();
      for (const row of await this.store.flags(this.accountId)) {
        if (this.only && !this.only.has(row.listingId)) continue;
        const flags = flagFacts(row.body);
        if (flags) held.set(row.listingId, flags);
      }
      return held;
    });
  }

  /**
   * A set's comps' prices: its newest day read and the day before it (null where the mirror
   * holds none), and its name as the groups read found it (its id when it has none).
   */
  setPrices(setId: string) {
    return this.once(`set:${setId}`, async () => {
      const [rows, groups] = await Promise.all([this.store.setPrices(this.accountId, setId), this.groups()]);
      const latest = rows[0] ?? null;
      const previous = latest ? (rows.find((r) => r.day === addDays(latest.day, -1)) ?? null) : null;
      const name = groups.find((g) => g.kind === "set" && g.id === setId)?.name?.trim() || setId;
      return { setId, name, latest, previous };
    });
  }

  /** The market's mean nightly occupancy (percent) over [today, today + window), for the listing's bedroom group where held. */
  marketOccupancy(listing: MirrorListing, window: number): Promise<number | null> {
    const marketId = listing.marketId;
    if (marketId === null) return Promise.resolve(null);
    return this.once(`market:${marketId}:${listing.bedrooms}:${window}`, async () => {
      const series = await this.once(`series:${marketId}`, () =>
        this.store.marketSeries(this.accountId, marketId),
      );
      const overlay = marketOverlay(
        [listing],
        [{ period: "window", from: this.today, to: addDays(this.today, window) }],
        { id: marketId, name: marketId },
        series,
      );
      return overlay.state === "shown" ? (overlay.periods[0]?.occupancy ?? null) : null;
    });
  }

  /** Whether the mirror has read the reservations of every listing in the scope. */
  covered(scope: ScopeListings): Promise<boolean> {
    return this.coverage(scope).then((coverage) => coverage.every((c) => c.listings === c.total));
  }

  /** The scope's listings per currency, and those whose reservations the mirror has read. */
  coverage(scope: ScopeListings) {
    return this.once(`coverage:${scope.figures?.join(",") ?? "*"}`, () =>
      this.store.coverage(this.accountId, { listings: scope.figures }),
    );
  }

  /** A few listings named by a write: their stays, read once each, counted in memory. */
  private held(): Promise<Held> | null {
    const only = this.only;
    if (!only || only.size > FEW_LISTINGS) return null;
    return this.once("held", async () => {
      const ids = [...only];
      const stays = await Promise.all(ids.map((id) => this.store.reservations(this.accountId, id)));
      return new Map(ids.map((id, i) => [id, stays[i]!]));
    });
  }

  /** The pace table's 12 stay months, this one first. */
  get months() {
    return pacePeriods("month", this.today);
  }

  /** Each month's books per listing now, and last year's same month at the same time last year. */
  monthFigures(scope: ScopeListings) {
    const only = { listings: scope.figures };
    const at = stlyInstant(this.now);
    const held = this.held();
    if (held) return held.then((h) => monthFiguresOf(h, this.months, this.now));
    return this.once(`months:${scope.figures?.join(",") ?? "*"}`, () =>
      Promise.all(
        this.months.map(async (p) => {
          const [now, then] = await Promise.all([
            this.store.listingFigures(this.accountId, p, only),
            this.store.listingFigures(this.accountId, stlyPeriod(p), { ...only, at }),
          ]);
          return { month: p.period, now, then };
        }),
      ),
    );
  }

  /** Reservations of the next 12 months booked or cancelled in the last 7 days, and last year's same. */
  pickupWindows(scope: ScopeListings) {
    const only = { listings: scope.figures };
    const months = this.months;
    const horizon = { from: months[0]!.from, to: months.at(-1)!.to };
    const at = stlyInstant(this.now);
    const held = this.held();
    if (held)
      return held.then((h) => ({
        now: windowRowsOf(h, horizon, pickupWindow(this.now, 7)),
        then: windowRowsOf(h, stlyPeriod(horizon), pickupWindow(at, 7)),
      }));
    return this.once(`pickup:${scope.figures?.join(",") ?? "*"}`, async () => {
      const [now, then] = await Promise.all([
        this.store.windowReservations(this.accountId, horizon, pickupWindow(this.now, 7), only),
        this.store.windowReservations(this.accountId, stlyPeriod(horizon), pickupWindow(at, 7), only),
      ]);
      return { now, then };
    });
  }

  /** Per listing, the reservations booked in the last `days` days still standing: how many, and the newest. */
  private recentBookings(scope: ScopeListings, days: number): Promise<ReadonlyMap<string, RecentBookings>> {
    return this.once(`booked:${days}:${scope.figures?.join(",") ?? "*"}`, async () => {
      const window = { from: new Date(Date.parse(this.now) - days * DAY_MS).toISOString(), to: this.now };
      const held = this.held();
      const rows = held
        ? recentBookingsOf(await held, window)
        : await this.store.recentBookings(this.accountId, window, { listings: scope.figures });
      return new Map(rows.map((r) => [r.listingId, r]));
    });
  }

  /** Reservations booked in the last `days` days, still standing, per listing. */
  async bookingsIn(scope: ScopeListings, days: number): Promise<ReadonlyMap<string, number>> {
    const recent = await this.recentBookings(scope, days);
    return new Map([...recent].map(([id, r]) => [id, r.bookings]));
  }

  /** The newest booking instant (ISO) of the last `days` days still standing, per listing. */
  async lastBookedIn(scope: ScopeListings, days: number): Promise<ReadonlyMap<string, string>> {
    const recent = await this.recentBookings(scope, days);
    return new Map([...recent].map(([id, r]) => [id, r.newestBookedAt]));
  }

  /**
   * Nights on the books per listing in each of the next `windows` nights (30, 60, 90: one
   * count per window, in order), now, and of the same nights 364 days earlier as they stood 364
   * days ago (STLY, lib/pace/definitions.ts): two passes over the stays, however many windows.
   */
  nightsAhead(scope: ScopeListings, windows: readonly number[]) {
    const periods = windows.map((n) => ({ from: this.today, to: addDays(this.today, n) }));
    const earlier = periods.map(stlyPeriod);
    const at = stlyInstant(this.now);
    const perListing = (rows: ReadonlyArray<{ listingId: string; nights: number[] }>) =>
      new Map(rows.map((r) => [r.listingId, r.nights]));
    return this.once(`nights-ahead:${windows.join(",")}:${scope.figures?.join(",") ?? "*"}`, async () => {
      const held = this.held();
      const only = { listings: scope.figures };
      const [now, then] = held
        ? [listingNightsOf(await held, periods, null), listingNightsOf(await held, earlier, at)]
        : await Promise.all([
            this.store.listingNights(this.accountId, periods, only),
            this.store.listingNights(this.accountId, earlier, { ...only, at }),
          ]);
      return { now: perListing(now), then: perListing(then) };
    });
  }

  floor(listing: MirrorListing, nights: readonly NightFacts[]) {
    return floorOf(listing.body, nights);
  }
}
