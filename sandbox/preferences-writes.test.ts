import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../lib/svc/endpoints";
import type { Sandbox } from "./app";
import type { ListingRow } from "./domain/access";
import {
  changelogCount,
  errorFields,
  findListing,
  listingRows,
  prefsPath,
  snapshot,
  storedSettings,
  supportedOf,
  written,
} from "./preferences-test-support";
import { call, expectError, makeSandbox, personaKeys, type Personas } from "./test-support";

const writeSchema = endpoints["preferences.put"].response;

let sandbox: Sandbox;
let p: Personas;
let key: string;
/** Owner listings: Airbnb outside London takes every setting. */
let airbnb: ListingRow;
let airbnbLondon: ListingRow;
let vrbo: ListingRow;
let vrboLondon: ListingRow;
let bookingCom: ListingRow;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
  key = p.owner.keys.standard;
  airbnb = findListing(sandbox, p.owner.user_id, "airbnb", { notIn: "mkt_london" });
  airbnbLondon = findListing(sandbox, p.owner.user_id, "airbnb", { in: "mkt_london" });
  vrbo = findListing(sandbox, p.owner.user_id, "vrbo", { notIn: "mkt_london" });
  vrboLondon = findListing(sandbox, p.owner.user_id, "vrbo", { in: "mkt_london" });
  bookingCom = findListing(sandbox, p.owner.user_id, "booking_com");
});

const put = (listing: ListingRow, body: unknown, as = key) =>
  call(sandbox, "PUT", prefsPath(listing), { key: as, body });

describe("warnings on every write", () => {
  it("rule: every write returns warnings, empty when everything applied", async () => {
    const [other] = listingRows(sandbox, `owner_user_id = ? AND svc_id <> ?`, p.owner.user_id, airbnb.svc_id);
    const answers = [
      await put(airbnb, { nickname: "Every write" }),
      await call(sandbox, "PUT", prefsPath(airbnb, "/nickname"), { key, body: { value: "One setting" } }),
      await call(sandbox, "PUT", prefsPath(airbnb, "/copy"), {
        key,
        body: { copy_preferences_from: other!.svc_id, settings: ["fees", "nickname"] },
      }),
      await call(sandbox, "POST", prefsPath(airbnb, "/preview"), { key, body: { base_price: 150 } }),
    ];
    for (const res of answers) {
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect((res.json as { warnings: unknown[] }).warnings).toEqual([]);
    }
    const batch = await call(sandbox, "PUT", "/preferences?channel=svc", {
      key,
      body: { preferences: [{ listing_id: airbnb.svc_id, settings: { guests_included: 2 } }] },
    });
    expect(batch.status).toBe(200);
    expect(batch.json.warnings).toEqual([]);
    expect(batch.json.results[0].warnings).toEqual([]);
  });
});

describe("what the channel can take", () => {
  it("rule: a setting the channel cannot take is not applied and named not_supported_by_channel; supported_settings differs between two listings on one channel", async () => {
    expect(supportedOf(vrboLondon)).not.toEqual(supportedOf(vrbo));
    const body = { long_term_discounts: { weekly_percent: 8, monthly_percent: 21 }, nickname: "Pair test" };
    const london = writeSchema.parse(written(await put(vrboLondon, body)));
    const elsewhere = writeSchema.parse(written(await put(vrbo, body)));

    expect(supportedOf(vrboLondon).long_term_discounts).toBe(false);
    expect(london.warnings).toEqual([
      expect.objectContaining({
        setting: "long_term_discounts",
        reason: "not_supported_by_channel",
        attributes: ["weekly_percent", "monthly_percent"],
      }),
    ]);
    expect(storedSettings(sandbox, vrboLondon.svc_id)).toMatchObject({
      long_term_discounts: null,
      nickname: "Pair test",
    });
    expect(london.preferences.long_term_discounts).toBeNull();

    expect(elsewhere.warnings).toEqual([]);
    expect(storedSettings(sandbox, vrbo.svc_id).long_term_discounts).toEqual(body.long_term_discounts);

    // The listing object shows the same state.
    const listing = await call(sandbox, "GET", `/listings/${vrbo.svc_id}?channel=svc`, { key });
    expect(listing.json.listing_preferences.long_term_discounts).toEqual(body.long_term_discounts);
    expect(listing.json.listing_preferences.nickname).toBe("Pair test");

    // Minimum stays: Airbnb in London takes none, elsewhere it does.
    const minStay = { min_stay: 4 };
    const airbnbLondonAnswer = written(await put(airbnbLondon, minStay));
    expect(airbnbLondonAnswer.warnings.map((w) => [w.setting, w.reason, w.attributes])).toEqual([
      ["min_stay", "not_supported_by_channel", ["min_stay"]],
    ]);
    expect(storedSettings(sandbox, airbnbLondon.svc_id).min_stay).toBeNull();
    expect(written(await put(airbnb, minStay)).warnings).toEqual([]);
    expect(storedSettings(sandbox, airbnb.svc_id).min_stay).toBe(4);
  });

  it("rule: a partly applied setting is named partially_supported_by_channel with the attributes not applied", async () => {
    const days = { checkin_days: ["friday", "saturday"], checkout_days: ["sunday"] };
    // Booking.com restricts arrival days only: check-in days apply, checkout stays open.
    const partial = written(await put(bookingCom, { checkin_checkout: days }));
    expect(partial.warnings).toEqual([
      expect.objectContaining({
        setting: "checkin_checkout",
        reason: "partially_supported_by_channel",
        attributes: ["checkout_days"],
      }),
    ]);
    const all = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
    expect(storedSettings(sandbox, bookingCom.svc_id).checkin_checkout).toEqual({
      checkin_days: days.checkin_days,
      checkout_days: all,
    });
    // Vrbo takes none of it; Airbnb all of it.
    const none = written(await put(vrbo, { checkin_checkout: days }));
    expect(none.warnings.map((w) => [w.reason, w.attributes])).toEqual([
      ["not_supported_by_channel", ["checkin_days", "checkout_days"]],
    ]);
    expect(storedSettings(sandbox, vrbo.svc_id).checkin_checkout).toBeNull();
    expect(written(await put(airbnb, { checkin_checkout: days })).warnings).toEqual([]);
    expect(storedSettings(sandbox, airbnb.svc_id).checkin_checkout).toEqual(days);
  });
});

describe("fee_adjustments", () => {
  it("rule: fee_adjustments that is not an object, or total_fee_percentage below -100, answers 400 invalid_preferences and writes nothing", async () => {
    const before = snapshot(sandbox, airbnb.svc_id);
    for (const [value, field] of [
      ["12%", "fee_adjustments"],
      [[12, true], "fee_adjustments"],
      [{ total_fee_percentage: -100.5, auto_update: true }, "fee_adjustments.total_fee_percentage"],
    ] as const) {
      const res = await put(airbnb, { fee_adjustments: value });
      expectError(res, 400, "invalid_preferences");
      expect(errorFields(res)).toContain(field);
      const one = await call(sandbox, "PUT", prefsPath(airbnb, "/fee_adjustments"), { key, body: { value } });
      expectError(one, 400, "invalid_preferences");
      expect(errorFields(one)).toContain(field.replace("fee_adjustments", "value"));
    }
    expect(snapshot(sandbox, airbnb.svc_id)).toBe(before);
    expect(
      written(await put(airbnb, { fee_adjustments: { total_fee_percentage: -100, auto_update: false } }))
        .warnings,
    ).toEqual([]);
  });

  it("rule: fee_adjustments is replaced whole on write (auto_update is not kept) and null clears it", async () => {
    written(await put(vrbo, { fee_adjustments: { total_fee_percentage: 14.5, auto_update: true } }));
    const before = snapshot(sandbox, vrbo.svc_id);
    // Without auto_update the write is refused rather than merged with the stored one.
    const partialWrite = await put(vrbo, { fee_adjustments: { total_fee_percentage: 9 } });
    expectError(partialWrite, 400, "invalid_preferences");
    expect(errorFields(partialWrite)).toEqual(["fee_adjustments.auto_update"]);
    expect(snapshot(sandbox, vrbo.svc_id)).toBe(before);

    const replaced = written(
      await put(vrbo, { fee_adjustments: { total_fee_percentage: 9, auto_update: false } }),
    );
    expect(replaced.preferences.fee_adjustments).toEqual({ total_fee_percentage: 9, auto_update: false });
    expect(storedSettings(sandbox, vrbo.svc_id).fee_adjustments).toEqual({
      total_fee_percentage: 9,
      auto_update: false,
    });

    const cleared = written(await put(vrbo, { fee_adjustments: null }));
    expect(cleared.preferences.fee_adjustments).toBeNull();
    expect(storedSettings(sandbox, vrbo.svc_id).fee_adjustments).toBeNull();
    const read = await call(sandbox, "GET", prefsPath(vrbo), { key });
    expect(read.json.fee_adjustments).toBeNull();
  });
});

describe("invalid values", () => {
  it("rule: negative prices, min above max (also against the stored bound) and unknown settings answer 400 invalid_preferences naming each field; nothing is written", async () => {
    const stored = storedSettings(sandbox, airbnbLondon.svc_id);
    expect(stored.min_price).not.toBeNull();
    expect(stored.max_price).not.toBeNull();
    const before = snapshot(sandbox, airbnbLondon.svc_id);
    const cases: Array<[unknown, string[]]> = [
      [{ min_price: -5, max_price: -1 }, ["min_price", "max_price"]],
      [
        { base_price: 0, fees: { cleaning_fee: -10, extra_guest_fee: null } },
        ["base_price", "fees.cleaning_fee"],
      ],
      [{ min_price: 300, max_price: 200 }, ["min_price"]],
      [{ min_price: stored.max_price + 1 }, ["min_price"]],
      [{ max_price: stored.min_price - 1 }, ["max_price"]],
      [{ nickname: "ok", bogus: 1, also_bogus: 2 }, ["bogus", "also_bogus"]],
    ];
    for (const [body, fields] of cases) {
      const res = await put(airbnbLondon, body);
      expectError(res, 400, "invalid_preferences");
      expect(errorFields(res).sort(), JSON.stringify(body)).toEqual([...fields].sort());
    }
    const one = await call(sandbox, "PUT", prefsPath(airbnbLondon, "/max_price"), {
      key,
      body: { value: stored.min_price - 1 },
    });
    expectError(one, 400, "invalid_preferences");
    expect(errorFields(one)).toEqual(["value"]);
    expect(snapshot(sandbox, airbnbLondon.svc_id)).toBe(before);
  });
});

describe("who may write", () => {
  it("rule: PUT /preferences/{listing_id} is open to restricted editors; viewers get 403", async () => {
    const listing = findListing(sandbox, p.owner.user_id, "booking_com", { in: "mkt_lisbon" });
    const before = snapshot(sandbox, listing.svc_id);
    expectError(await put(listing, { nickname: "Viewer" }, p.viewer.keys.standard), 403, "forbidden");
    expectError(
      await call(sandbox, "PUT", prefsPath(listing, "/nickname"), {
        key: p.viewer.keys.standard,
        body: { value: "V" },
      }),
      403,
      "forbidden",
    );
    expectError(await put(listing, { nickname: "Read only" }, p.owner.keys.read_only!), 403, "read_only_key");
    expect(snapshot(sandbox, listing.svc_id)).toBe(before);

    const res = written(await put(listing, { nickname: "Restricted" }, p.restricted_editor.keys.standard));
    expect(res.preferences.nickname).toBe("Restricted");
    expect(storedSettings(sandbox, listing.svc_id).nickname).toBe("Restricted");
  });
});

describe("the changelog of preference writes", () => {
  it("rule: every preference write records preferences_changed with before and after, and a change of pricing_enabled records pricing_engine_changed", async () => {
    const listing = findListing(sandbox, p.owner.user_id, "vrbo", { in: "mkt_miami_beach" });
    const s = storedSettings(sandbox, listing.svc_id);
    const count = changelogCount(sandbox, listing.svc_id);
    written(
      await put(listing, {
        pricing_enabled: !s.pricing_enabled,
        min_price: s.min_price + 3,
        nickname: s.nickname,
      }),
    );
    expect(changelogCount(sandbox, listing.svc_id)).toBe(count + 2);

    const log = await call(sandbox, "GET", prefsPath(listing, "/changelog"), { key });
    expect(log.status).toBe(200);
    const [engine, prefs] = log.json;
    expect(engine).toMatchObject({
      action: "pricing_engine_changed",
      actor: { user_id: p.owner.user_id, email: p.owner.email },
      details: { pricing_enabled: { before: s.pricing_enabled, after: !s.pricing_enabled } },
    });
    expect(prefs.action).toBe("preferences_changed");
    // Only what changed is named (the nickname was written unchanged).
    expect(prefs.details.changes).toEqual({
      pricing_enabled: { before: s.pricing_enabled, after: !s.pricing_enabled },
      min_price: { before: s.min_price, after: s.min_price + 3 },
    });
    const listingObject = await call(sandbox, "GET", `/listings/${listing.svc_id}?channel=svc`, { key });
    expect(listingObject.json.pricing_enabled).toBe(!s.pricing_enabled);

    // A write that changes nothing records nothing.
    written(await put(listing, { min_price: s.min_price + 3 }));
    expect(changelogCount(sandbox, listing.svc_id)).toBe(count + 2);
  });
});
