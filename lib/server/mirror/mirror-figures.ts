/**
 * What the mirror's figures answer (MirrorStore's stayFigures, paceFigures, listingFigures,
 * windowFigures, windowReservations, coverage): the pace table's counts, the scope they read,
 * and the listings and reservations behind a cell.
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
