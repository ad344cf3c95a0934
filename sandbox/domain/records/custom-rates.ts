import type { CustomRate, CustomRateInput } from "../../../lib/svc/schemas/custom-rates";
import type { SandboxContext } from "../../context";
import { ApiError } from "../api-error";
import { recordListingChange } from "../listing-changelog";
import { normalizeTimestamp, type RecordsClock } from "./dates";
import { rederiveFlags } from "./flags";
import {
  addedDetails,
  deletePeriod,
  insertPeriod,
  overlappingPeriods,
  periodSummary,
  periodsInForce,
  remnantsOutside,
  toContractPeriod,
  type PeriodFields,
  type StoredPeriod,
} from "./periods";
import { withPriceChanges } from "./price-changes";

/** Highest percent adjustment a period may carry (mirrors base_price_adjustment's bound). */
export const MAX_PERCENT_ADJUSTMENT = 1000;

export type CustomRateChange =
  { kind: "put"; periods: PeriodFields[] } | { kind: "delete"; start_date: string; end_date: string };

type FieldError = { field: string; message: string };

export function invalidBody(fields: FieldError[]): ApiError {
  return new ApiError(
    400,
    "invalid_body",
    `Invalid ${fields.map((f) => f.field).join(", ")}: ${fields[0]!.message}.`,
    {
      fields,
    },
  );
}

/**
 * The periods a PUT (or bulk PUT) writes, checked against what zod cannot know: a period
 * must not have ended before today, its expires_at (its own, else the request's) must lie
 * ahead of the service clock, and a percent adjustment stays within +1000%. Throws 400 naming
 * every offending field; nothing is written.
 */
export function periodsToWrite(
  body: { custom_rates: CustomRateInput[]; expires_at?: string },
  clock: RecordsClock,
): PeriodFields[] {
  const errors: FieldError[] = [];
  const requestExpiry = body.expires_at === undefined ? null : normalizeTimestamp(body.expires_at);
  if (requestExpiry !== null && requestExpiry <= clock.now) {
    errors.push({ field: "expires_at", message: "expires_at is not after the service's current time" });
  }
  const periods = body.custom_rates.map((input, index): PeriodFields => {
    const at = `custom_rates.${index}`;
    if (input.end_date < clock.today) {
      errors.push({ field: `${at}.end_date`, message: `the period ends before today (${clock.today})` });
    }
    if (input.price_type === "percent" && input.price_value > MAX_PERCENT_ADJUSTMENT) {
      errors.push({
        field: `${at}.price_value`,
        message: `a percent adjustment is at most ${MAX_PERCENT_ADJUSTMENT}`,
      });
    }
    const own = input.expires_at === undefined ? null : normalizeTimestamp(input.expires_at);
    if (own !== null && own <= clock.now) {
      errors.push({
        field: `${at}.expires_at`,
        message: "expires_at is not after the service's current time",
      });
    }
    return {
      start_date: input.start_date,
      end_date: input.end_date,
      price_type: input.price_type,
      price_value: input.price_value,
      min_price: input.min_price ?? null,
      max_price: input.max_price ?? null,
      min_stay: input.min_stay ?? null,
      reason: input.reason ?? null,
      expires_at: own ?? requestExpiry,
      created_at: clock.now,
    };
  });
  if (errors.length > 0) throw invalidBody(errors);
  return periods;
}

/** A stored period's fields: a remnant keeps them all, created_at and expires_at included. */
const storedFields = (period: StoredPeriod): PeriodFields => ({
  start_date: period.start_date,
  end_date: period.end_date,
  price_type: period.price_type,
  price_value: period.price_value,
  min_price: period.min_price,
  max_price: period.max_price,
  min_stay: period.min_stay,
  reason: period.reason,
  expires_at: period.expires_at,
  created_at: period.created_at,
});

const inForce = (period: StoredPeriod, clock: RecordsClock) =>
  period.end_date >= clock.today && (period.expires_at === null || period.expires_at > clock.now);

/**
 * Takes [start, end] out of every stored period: each overlapped period is replaced by the
 * parts of it outside the range (its rate and fields unchanged), so stored periods never
 * overlap. A period in force that keeps a part records custom_rate_split, one wholly covered
 * custom_rate_removed; expired periods are cut silently (no one can see them).
 */
function cutRange(
  ctx: SandboxContext,
  svcId: string,
  start: string,
  end: string,
  cause: "overwritten" | "deleted",
  actorUserId: string,
  clock: RecordsClock,
): void {
  for (const old of overlappingPeriods(ctx.db, svcId, start, end)) {
    const remaining = remnantsOutside(old, start, end);
    deletePeriod(ctx.db, old.id);
    for (const part of remaining) insertPeriod(ctx.db, svcId, { ...storedFields(old), ...part });
    if (!inForce(old, clock)) continue;
    const removed = {
      start_date: old.start_date > start ? old.start_date : start,
      end_date: old.end_date < end ? old.end_date : end,
    };
    recordListingChange(ctx, {
      listingSvcId: svcId,
      actorUserId,
      at: clock.now,
      ...(remaining.length > 0
        ? { action: "custom_rate_split", details: { period: periodSummary(old), removed, remaining, cause } }
        : { action: "custom_rate_removed", details: { period: periodSummary(old), cause } }),
    });
  }
}

function applyChange(
  ctx: SandboxContext,
  svcId: string,
  change: CustomRateChange,
  actorUserId: string,
  clock: RecordsClock,
): void {
  if (change.kind === "delete") {
    cutRange(ctx, svcId, change.start_date, change.end_date, "deleted", actorUserId, clock);
    return;
  }
  // Periods of one request do not overlap one another (the contract refuses it), so each
  // can be written in turn: it splits whatever stored period it meets, then takes its dates.
  for (const period of change.periods) {
    cutRange(ctx, svcId, period.start_date, period.end_date, "overwritten", actorUserId, clock);
    insertPeriod(ctx.db, svcId, period);
    recordListingChange(ctx, {
      listingSvcId: svcId,
      action: "custom_rate_added",
      actorUserId,
      at: clock.now,
      details: addedDetails(period),
    });
  }
}

/** The dates a change can move prices on. */
function changedRange(change: CustomRateChange): { from: string; to: string } {
  if (change.kind === "delete") return { from: change.start_date, to: change.end_date };
  const starts = change.periods.map((p) => p.start_date).sort();
  const ends = change.periods.map((p) => p.end_date).sort();
  return { from: starts[0]!, to: ends[ends.length - 1]! };
}

/**
 * Applies a custom rate change to one listing: the periods, the changelog entries, the
 * service prices it moved (recent changes, cause custom_rate) and the derived flags. The
 * caller runs it inside a transaction.
 */
export function changeCustomRates(
  ctx: SandboxContext,
  svcId: string,
  change: CustomRateChange,
  actorUserId: string,
  clock: RecordsClock,
): void {
  withPriceChanges(
    ctx.db,
    svcId,
    clock,
    "custom_rate",
    () => applyChange(ctx, svcId, change, actorUserId, clock),
    changedRange(change),
  );
  rederiveFlags(ctx, svcId, clock);
}

/** The periods in force as the contract reads them. */
export function readCustomRates(
  ctx: SandboxContext,
  listing: { svc_id: string; currency: string },
  clock: RecordsClock,
): CustomRate[] {
  return periodsInForce(ctx.db, listing.svc_id, clock).map((p) => toContractPeriod(p, listing.currency));
}
