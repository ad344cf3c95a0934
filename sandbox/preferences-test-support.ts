/** Helpers of the preferences tests: finding seeded listings and reading what is stored. */
import { expect } from "vitest";
import type { SupportedSettings } from "../lib/svc/schemas/listings";
import type { PreferenceWriteResult } from "../lib/svc/schemas/preferences";
import type { Sandbox } from "./app";
import type { ListingRow } from "./domain/access";
import { rows, type CallResult } from "./test-support";

export function listingRows(sandbox: Sandbox, where: string, ...params: unknown[]): ListingRow[] {
  return rows<ListingRow>(
    sandbox,
    `SELECT * FROM listings WHERE ${where} ORDER BY CAST(svc_id AS INTEGER)`,
    ...params,
  );
}

/** The first listing of a user on a channel in (or outside) a market. */
export function findListing(
  sandbox: Sandbox,
  ownerUserId: string,
  channel: ListingRow["channel"],
  market: { in?: string; notIn?: string } = {},
): ListingRow {
  const [row] = listingRows(
    sandbox,
    `owner_user_id = ? AND channel = ? AND (? IS NULL OR market_id = ?) AND (? IS NULL OR market_id <> ?)`,
    ownerUserId,
    channel,
    market.in ?? null,
    market.in ?? null,
    market.notIn ?? null,
    market.notIn ?? null,
  );
  expect(row, `a ${channel} listing of ${ownerUserId}`).toBeDefined();
  return row!;
}

export function listingRow(sandbox: Sandbox, svcId: string): ListingRow {
  const [row] = listingRows(sandbox, `svc_id = ?`, svcId);
  return row!;
}

export function supportedOf(listing: ListingRow): SupportedSettings {
  return JSON.parse(listing.supported_settings) as SupportedSettings;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- stored JSON is read freely
type Json = Record<string, any>;

/** Every stored setting of a listing, read straight from the database. */
export function storedSettings(sandbox: Sandbox, svcId: string): Json {
  const summary = JSON.parse(listingRow(sandbox, svcId).preferences) as Json;
  const [extras] = rows<{ checkin_checkout: string | null; fee_adjustments: string | null }>(
    sandbox,
    `SELECT checkin_checkout, fee_adjustments FROM listing_preference_extras WHERE listing_svc_id = ?`,
    svcId,
  );
  return {
    ...summary,
    checkin_checkout: extras?.checkin_checkout ? JSON.parse(extras.checkin_checkout) : null,
    fee_adjustments: extras?.fee_adjustments ? JSON.parse(extras.fee_adjustments) : null,
  };
}

export function changelogCount(sandbox: Sandbox, svcId: string): number {
  const [row] = rows<{ n: number }>(
    sandbox,
    `SELECT COUNT(*) AS n FROM listing_changelog WHERE listing_svc_id = ?`,
    svcId,
  );
  return row!.n;
}

/** What a refused write must leave untouched: the stored settings and the changelog. */
export function snapshot(sandbox: Sandbox, svcId: string): string {
  return JSON.stringify({
    settings: storedSettings(sandbox, svcId),
    changes: changelogCount(sandbox, svcId),
  });
}

export function written(res: CallResult): PreferenceWriteResult {
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as PreferenceWriteResult;
}

/** `details.fields[].field` of an error answer. */
export function errorFields(res: CallResult): string[] {
  const fields = (res.json as { error: { details?: { fields?: Array<{ field: string }> } } }).error.details
    ?.fields;
  return (fields ?? []).map((f) => f.field);
}

export const prefsPath = (listing: ListingRow, suffix = "") =>
  `/preferences/${listing.svc_id}${suffix}?channel=svc`;
