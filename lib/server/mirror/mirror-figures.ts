/**
 * What the mirror's figures answer (MirrorStore's reads over many listings at once): the pace
 * table's counts, the scope they read, the listings and reservations behind a cell, the
 * booking curves, and the calendars.
 */
/** Nights and revenue on the books for a stay period, in one reservation currency. */
export interface StayFigures {
  currency: string | null;
  nights: number;
  /** Each night's share of its reservation's nightly subtotal (fees and taxes excluded). */
  revenue: number;
  /** Nights of reservations whose subtotal is not known: counted as nights, not as revenue. */
  nightsWithoutRevenue: number;
}
/** Nights of a stay period booked, and cancelled, within a window of instants, in one currency. */
export interface WindowFigures {
  currency: string | null;
  bookedNights: number;
  bookedRevenue: number;
  canceledNights: number;
  canceledRevenue: number;
}
/**
 * Which books a figure reads. `listings` is a scope the reader resolved (a Pace filter): those
 * listings exactly, hidden or not; without it, every listing not hidden.
 */
export interface FigureOptions {
  at?: string;
  listings?: readonly string[];
}
/** `FigureOptions`, and a window whose bookings and cancellations are counted apart (pickup's split). */
export interface PaceFigureOptions extends FigureOptions {
  window?: { from: string; to: string };
}
/** What the pace table counts of one period in one currency, in one pass (`paceFigures`). */
export interface PaceFigures {
  currency: string | null;
  /** The books as they stand (not cancelled). */
  final: Omit<StayFigures, "currency">;
  /** The books as they stood at `at` (zeros when no `at` was asked). */
  at: Omit<StayFigures, "currency">;
  /** Booked and cancelled in the window (zeros when no window was asked). */
  window: Omit<WindowFigures, "currency">;
}
/** A period's figures for one listing. */
export interface ListingFigures extends StayFigures {
  listingId: string;
}
/** A reservation booked or cancelled in a window, with its nights and revenue in one period. */
export interface WindowReservation {
  listingId: string;
  reservationId: string;
  checkIn: string;
  checkOut: string;
  bookedAt: string | null;
  canceledAt: string | null;
  currency: string | null;
  /** Nights of the stay inside the period, and their share of the nightly subtotal (null: unknown). */
  nights: number;
  revenue: number | null;
  /** Booked in the window, cancelled in it, or both (counted in both, as pickup's split does). */
  booked: boolean;
  canceled: boolean;
}
/** The listings in scope per listing currency, and those whose reservations the mirror holds. */
export interface Coverage {
  currency: string | null;
  /** Listings whose reservations were read. */
  listings: number;
  /** Listings in scope in this currency. */
  total: number;
  /** When the oldest of their reservation reads was made (ISO): every figure holds as of then. */
  oldestRead: string | null;
}

/** A night of the price calendar as the mirror's reader parsed it: what is counted of it, no body. */
export interface TypedNight {
  date: string;
  price: number | null;
  booked: boolean | null;
  /** Not available and not booked. */
  blocked: boolean | null;
}
/** One listing's mirrored nights over a range as typed columns (`calendarNights`). */
export interface CalendarNights {
  listingId: string;
  currency: string | null;
  /** The oldest read among the nights. */
  readAt: string;
  nights: TypedNight[];
}
/** A listing's bookings in a window still standing (`recentBookings`). */
export interface RecentBookings {
  listingId: string;
  bookings: number;
  /** The newest `booked_at` among them (ISO). */
  newestBookedAt: string;
}

/** One listing's mirrored nights over a range, as the price calendar answered them. */
export interface MirroredCalendar {
  listingId: string;
  currency: string | null;
  /** The oldest read among the nights (they were read together: one instant). */
  readAt: string;
  nights: unknown[];
}

export interface MirrorFigureReads {
  /**
   * Nights of each period [from, to) on the books, per reservation currency, of the listings
   * in scope: one list per period, in the periods' order, read in one pass. Without `at`: the
   * reservations as they stand (not cancelled). With `at` (ISO): as they stood then: booked by
   * `at` and not cancelled by then.
   */
  stayFigures(
    accountId: string,
    periods: ReadonlyArray<{ from: string; to: string }>,
    options?: FigureOptions,
  ): Promise<StayFigures[][]>;
  /**
   * Everything the pace table counts of each period, per reservation currency, in one pass
   * over the stays: the books as they stand, as they stood at `at`, and `window`'s split.
   * Only currencies with something counted appear.
   */
  paceFigures(
    accountId: string,
    periods: ReadonlyArray<{ from: string; to: string }>,
    options?: PaceFigureOptions,
  ): Promise<PaceFigures[][]>;
  /** The same figures for one period, per listing and currency: who explains a gap. */
  listingFigures(
    accountId: string,
    period: { from: string; to: string },
    options?: FigureOptions,
  ): Promise<ListingFigures[]>;
  /**
   * Nights of each period booked in the window (`booked_at` in (from, to]) and cancelled in it
   * (`canceled_at` in (from, to]), per reservation currency, with their revenue: pickup's split.
   */
  windowFigures(
    accountId: string,
    periods: ReadonlyArray<{ from: string; to: string }>,
    window: { from: string; to: string },
    options?: Pick<FigureOptions, "listings">,
  ): Promise<WindowFigures[][]>;
  /** The reservations behind a pickup cell: booked or cancelled in the window, touching the period. */
  windowReservations(
    accountId: string,
    period: { from: string; to: string },
    window: { from: string; to: string },
    options?: Pick<FigureOptions, "listings">,
  ): Promise<WindowReservation[]>;
  /** The listings in scope per listing currency, and those whose reservations the mirror holds. */
  coverage(accountId: string, options?: Pick<FigureOptions, "listings">): Promise<Coverage[]>;
  /**
   * What the booking curve of each period counts (lib/pace/curves.ts expands it): the
   * reservations standing now (not cancelled, a night or more) with nights in the period, per
   * `lead` of the first night they hold in it (whole days from `booked_at` to that night's
   * midnight, floored; capped at 366, past which every night counts at every point of the
   * curve; null when the booking time is unknown) and the `nights` they hold in it: how many
   * reservations. A stay's nights in a period are consecutive, so their leads are too: the
   * rows are the nights, counted in SQL. One list per period, in order, read in one pass.
   */
  stayLeads(
    accountId: string,
    periods: ReadonlyArray<{ from: string; to: string }>,
    options?: Pick<FigureOptions, "listings">,
  ): Promise<Array<Array<{ lead: number | null; nights: number; reservations: number }>>>;
  /**
   * The reservations booked in each window (`booked_at` in [from, to), cancelled since or not,
   * a night or more), per booking window (`leadDays`: whole days from `booked_at` to check-in's
   * midnight, floored, 0 at least) and stay length (`nights`): how many. One list per window.
   */
  bookingWindows(
    accountId: string,
    windows: ReadonlyArray<{ from: string; to: string }>,
    options?: Pick<FigureOptions, "listings">,
  ): Promise<Array<Array<{ leadDays: number; nights: number; reservations: number }>>>;
  /**
   * The listings' nights of [from, to] as the service sent them, for each listing whose
   * mirrored calendar holds every night of the range (the others are read live).
   */
  calendars(
    accountId: string,
    listingIds: readonly string[],
    range: { from: string; to: string },
  ): Promise<MirroredCalendar[]>;

  /*
   * Per listing, for questions asked of every listing at once (the triage score, the alerts'
   * daily pass): each answered in one statement, grouped in SQL so that a row per listing
   * reaches JavaScript, however many stays or nights stand behind it.
   */
  /**
   * Nights on the books of each period [from, to) per listing in scope, every reservation
   * currency counted (nights are nights): one pass over the stays touching any period, which
   * may overlap (the next 30, 60 and 90 nights). Without `at`: the reservations as they stand;
   * with `at`: as they stood then (as `stayFigures`). `nights` holds one count per period, in
   * order; a listing with no night in any period is left out.
   */
  listingNights(
    accountId: string,
    periods: ReadonlyArray<{ from: string; to: string }>,
    options?: FigureOptions,
  ): Promise<Array<{ listingId: string; nights: number[] }>>;
  /**
   * Per listing in scope, the reservations booked in the window (`booked_at` in (from, to])
   * that still stand (not cancelled, a night or more): how many, and the newest booking.
   * Listings with none are left out.
   */
  recentBookings(
    accountId: string,
    window: { from: string; to: string },
    options?: Pick<FigureOptions, "listings">,
  ): Promise<RecentBookings[]>;
  /**
   * The listings' nights of [from, to] as typed columns, in date order, for each listing whose
   * mirrored calendar holds every night of the range: `calendars` without the bodies. null
   * names every listing the mirror holds for the account, hidden ones too (a rule's scope may
   * name them), without sending their ids.
   */
  calendarNights(
    accountId: string,
    listingIds: readonly string[] | null,
    range: { from: string; to: string },
  ): Promise<CalendarNights[]>;
}
