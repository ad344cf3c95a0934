import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../lib/svc/endpoints";
import { PREFERENCE_SETTING_NAMES, type ListingPreferences } from "../lib/svc/schemas/preferences";
import type { Sandbox } from "./app";
import type { ListingRow } from "./domain/access";
import {
  changelogCount,
  findListing,
  listingRows,
  prefsPath,
  snapshot,
  storedSettings,
  supportedOf,
} from "./preferences-test-support";
import {
  allListings,
  call,
  expectError,
  makeSandbox,
  personaKeys,
  rows,
  type Personas,
} from "./test-support";

const listSchema = endpoints["preferences.list"].response;
const previewSchema = endpoints["preferences.preview"].response;
const ltdSchema = endpoints["preferences.longTermDiscounts"].response;

let sandbox: Sandbox;
let p: Personas;
let key: string;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
  key = p.owner.keys.standard;
});

/** The preferences object a listing should answer, recomputed from the database. */
function expected(listing: ListingRow, listingId: string): ListingPreferences {
  return {
    listing_id: listingId,
    channel: listing.channel,
    currency: listing.currency,
    supported_settings: supportedOf(listing),
    ...(storedSettings(sandbox, listing.svc_id) as Omit<
      ListingPreferences,
      "listing_id" | "channel" | "currency" | "supported_settings"
    >),
  };
}

describe("GET /preferences", () => {
  it("rule: GET /preferences answers the preferences of the caller's listings, owned and shared", async () => {
    const res = await call(sandbox, "GET", "/preferences?channel=svc", { key: p.editor.keys.standard });
    expect(res.status).toBe(200);
    const body = listSchema.parse(res.json);
    const visible = listingRows(
      sandbox,
      `owner_user_id = ? OR svc_id IN (SELECT listing_svc_id FROM listing_access WHERE user_id = ?)`,
      p.editor.user_id,
      p.editor.user_id,
    );
    expect(body.map((b) => b.listing_id)).toEqual(visible.map((l) => l.svc_id));
    expect(body).toEqual(visible.map((l) => expected(l, l.svc_id)));

    // The listing object carries the same settings in its summary.
    const listings = await allListings(sandbox, p.editor.keys.standard);
    for (const listing of listings) {
      const prefs = body.find((b) => b.listing_id === listing.svc_id)!;
      expect(listing.listing_preferences).toEqual(
        Object.fromEntries(
          Object.keys(listing.listing_preferences).map((k) => [k, prefs[k as keyof ListingPreferences]]),
        ),
      );
    }
  });

  it("rule: GET /preferences narrows to listing_ids read per channel; an inaccessible id answers per the channel rule", async () => {
    const [a, b] = listingRows(sandbox, `owner_user_id = ? AND channel = 'vrbo'`, p.owner.user_id);
    const res = await call(
      sandbox,
      "GET",
      `/preferences?channel=vrbo&listing_ids=${b!.channel_listing_id},${a!.channel_listing_id}`,
      { key },
    );
    expect(listSchema.parse(res.json)).toEqual([
      expected(b!, b!.channel_listing_id),
      expected(a!, a!.channel_listing_id),
    ]);

    const foreign = listingRows(sandbox, `owner_user_id = ?`, p.outsider.user_id)[0]!;
    expectError(
      await call(sandbox, "GET", `/preferences?channel=svc&listing_ids=${a!.svc_id},${foreign.svc_id}`, {
        key,
      }),
      404,
      "listing_not_found",
    );
    expectError(
      await call(
        sandbox,
        "GET",
        `/preferences?channel=${foreign.channel}&listing_ids=${foreign.channel_listing_id}`,
        { key },
      ),
      403,
      "forbidden",
    );
    expectError(
      await call(sandbox, "GET", `/preferences?listing_ids=${a!.svc_id}`, { key }),
      400,
      "channel_required",
    );
  });

  it("GET /preferences/{listing_id} answers every setting name and supported_settings", async () => {
    const listing = findListing(sandbox, p.owner.user_id, "booking_com", { in: "mkt_london" });
    const res = await call(sandbox, "GET", `/preferences/${listing.channel_listing_id}?channel=booking_com`, {
      key: p.viewer.keys.standard,
    });
    expect(res.status).toBe(200);
    for (const name of PREFERENCE_SETTING_NAMES) expect(res.json).toHaveProperty(name);
    expect(res.json).toEqual(expected(listing, listing.channel_listing_id));
    expectError(
      await call(sandbox, "GET", `/preferences/${listing.svc_id}?channel=svc`, {
        key: p.outsider.keys.standard,
      }),
      404,
    );
  });
});

describe("GET /preferences/{listing_id}/long_term_discounts", () => {
  it("rule: the long-term discounts view follows the channel's form (percent, weekly_monthly, none)", async () => {
    const byForm = (form: string) =>
      listingRows(sandbox, `owner_user_id = ?`, p.owner.user_id).find(
        (l) =>
          supportedOf(l).long_term_discount_form === form &&
          (form === "none" || storedSettings(sandbox, l.svc_id).long_term_discounts),
      )!;
    for (const form of ["percent", "weekly_monthly", "none"] as const) {
      const listing = byForm(form);
      const res = await call(sandbox, "GET", prefsPath(listing, "/long_term_discounts"), { key });
      const view = ltdSchema.parse(res.json);
      const stored = storedSettings(sandbox, listing.svc_id).long_term_discounts;
      expect(view.form).toBe(form);
      expect(view.long_term_discounts).toEqual(stored);
      if (form === "weekly_monthly") {
        const factor = (pct: number | null) =>
          pct === null ? null : Math.round((1 - pct / 100) * 10_000) / 10_000;
        expect(view.weekly_monthly).toEqual({
          weekly_price_factor: factor(stored.weekly_percent),
          monthly_price_factor: factor(stored.monthly_percent),
        });
      } else {
        expect(view.weekly_monthly).toBeNull();
      }
      if (form === "none") expect(view.long_term_discounts).toBeNull();
    }
  });
});

describe("POST /preferences/{listing_id}/preview", () => {
  it("rule: preview persists nothing and answers price_preview computed from the listing's calendar", async () => {
    const listing = findListing(sandbox, p.owner.user_id, "airbnb", { in: "mkt_miami_beach" });
    const s = storedSettings(sandbox, listing.svc_id);
    const before = snapshot(sandbox, listing.svc_id);
    const previewed = {
      base_price: (s.base_price ?? listing.base_price) * 1.25,
      base_price_adjustment: 5,
      max_price: s.max_price * 0.8,
    };
    const res = await call(sandbox, "POST", prefsPath(listing, "/preview"), { key, body: previewed });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const answer = previewSchema.parse(res.json);
    expect(snapshot(sandbox, listing.svc_id)).toBe(before);

    const today = sandbox.ctx.clock.today();
    const nights = rows<{ date: string; recommended_price: number }>(
      sandbox,
      `SELECT date, recommended_price FROM calendar_nights WHERE listing_svc_id = ? AND date >= ? ORDER BY date LIMIT 90`,
      listing.svc_id,
      today,
    );
    expect(answer.price_preview).toHaveLength(90);
    expect(answer.price_preview[0]!.date).toBe(today);
    const base = (b: number | null, adj: number | null) => (b ?? listing.base_price) * (1 + (adj ?? 0) / 100);
    const ratio = base(previewed.base_price, 5) / base(s.base_price, s.base_price_adjustment);
    expect(answer.price_preview).toEqual(
      nights.map((n) => ({
        date: n.date,
        current_price: n.recommended_price,
        preview_price: Math.min(
          previewed.max_price,
          Math.max(s.min_price, Math.round(n.recommended_price * ratio)),
        ),
      })),
    );
    expect(answer.price_preview.some((n) => n.preview_price !== n.current_price)).toBe(true);
    expect(answer.preferences).toMatchObject(previewed);
    expect(answer.currency).toBe(listing.currency);
  });

  it("rule: preview takes a range, warns like a write, is open to read-only keys and viewers, and refuses bad input", async () => {
    const listing = findListing(sandbox, p.owner.user_id, "airbnb", { in: "mkt_london" });
    const count = changelogCount(sandbox, listing.svc_id);
    const start = sandbox.ctx.clock.today();
    const end = rows<{ d: string }>(sandbox, `SELECT date(?, '+6 days') AS d`, start)[0]!.d;
    const path = `/preferences/${listing.svc_id}/preview?channel=svc&start_date=${start}&end_date=${end}`;
    for (const as of [p.owner.keys.read_only!, p.viewer.keys.standard]) {
      const res = await call(sandbox, "POST", path, { key: as, body: { min_stay: 3 } });
      const answer = previewSchema.parse(res.json);
      expect(answer.price_preview.map((n) => n.date)).toHaveLength(7);
      // The discarded setting moves no price: every night previews at its current recommendation.
      expect(answer.price_preview.every((n) => n.preview_price === n.current_price)).toBe(true);
      expect(answer.warnings.map((w) => [w.setting, w.reason])).toEqual([
        ["min_stay", "not_supported_by_channel"],
      ]);
      expect(answer.preferences.min_stay).toBeNull();
    }
    const bad = await call(sandbox, "POST", prefsPath(listing, "/preview"), { key, body: { min_price: -1 } });
    expectError(bad, 400, "invalid_preferences");
    expectError(
      await call(sandbox, "POST", `${path.replace(end, "2020-01-01")}`, { key, body: {} }),
      400,
      "invalid_query",
    );
    expect(changelogCount(sandbox, listing.svc_id)).toBe(count);
  });
});

describe("GET /preferences/{listing_id}/changelog", () => {
  it("answers the listing's changelog newest first, paginated with X-Total-Count", async () => {
    const listing = listingRows(sandbox, `owner_user_id = ?`, p.owner.user_id)[3]!;
    await call(sandbox, "PUT", prefsPath(listing), { key, body: { nickname: "Changelog check" } });
    const total = changelogCount(sandbox, listing.svc_id);
    const res = await call(
      sandbox,
      "GET",
      `/preferences/${listing.svc_id}/changelog?channel=svc&per_page=5`,
      { key },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe(String(total));
    expect(res.json).toHaveLength(Math.min(5, total));
    expect(res.json[0]).toMatchObject({
      action: "preferences_changed",
      details: { changes: { nickname: { after: "Changelog check" } } },
    });
    const ats = (res.json as Array<{ at: string }>).map((e) => e.at);
    expect([...ats].sort().reverse()).toEqual(ats);
  });
});
