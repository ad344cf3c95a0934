import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../lib/svc/endpoints";
import type { BatchPreferencesResult } from "../lib/svc/schemas/preferences-batch";
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
  written,
} from "./preferences-test-support";
import { call, expectError, makeSandbox, personaKeys, rows, type Personas } from "./test-support";

const batchSchema = endpoints["preferences.batchPut"].response;

let sandbox: Sandbox;
let p: Personas;
let key: string;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
  key = p.owner.keys.standard;
});

async function batch(body: unknown, as = key, channel = "svc") {
  const res = await call(sandbox, "PUT", `/preferences?channel=${channel}`, { key: as, body });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return batchSchema.parse(res.json) as BatchPreferencesResult;
}

describe("batch PUT /preferences", () => {
  it("rule: a restricted editor's shared listings come back in errors with 403 while the rest of the batch applies", async () => {
    const re = p.restricted_editor;
    const own = listingRows(sandbox, `owner_user_id = ?`, re.user_id);
    const shared = listingRows(
      sandbox,
      `svc_id IN (SELECT listing_svc_id FROM listing_access WHERE user_id = ? AND level = 'restricted_editor')`,
      re.user_id,
    ).slice(0, 2);
    expect(own.length).toBeGreaterThan(0);
    expect(shared).toHaveLength(2);
    const sharedBefore = shared.map((l) => snapshot(sandbox, l.svc_id));

    const entries = [...own, ...shared].map((l) => ({
      listing_id: l.svc_id,
      settings: { nickname: "Batch by RE" },
    }));
    const answer = await batch({ preferences: entries }, re.keys.standard);

    expect(answer.results.map((r) => r.listing_id)).toEqual(own.map((l) => l.svc_id));
    expect(answer.errors.map((e) => [e.listing_id, e.status, e.error.code])).toEqual(
      shared.map((l) => [l.svc_id, 403, "forbidden"]),
    );
    for (const l of own) expect(storedSettings(sandbox, l.svc_id).nickname).toBe("Batch by RE");
    expect(shared.map((l) => snapshot(sandbox, l.svc_id))).toEqual(sharedBefore);

    // The owner of the same listings is not affected by the rule.
    const byOwner = await batch({ preferences: entries.slice(own.length) });
    expect(byOwner.errors).toEqual([]);
    for (const l of shared) expect(storedSettings(sandbox, l.svc_id).nickname).toBe("Batch by RE");
  });

  it("rule: inaccessible listings in a batch are errors per the channel rule (403 by channel id, 404 under svc) and the rest applies", async () => {
    const outsiders = listingRows(sandbox, `owner_user_id = ?`, p.outsider.user_id);
    const foreign = outsiders[0]!;
    const mine = findListing(sandbox, p.owner.user_id, "booking_com", { in: "mkt_austin" });
    const before = snapshot(sandbox, foreign.svc_id);
    const answer = await batch({
      preferences: [
        { listing_id: foreign.channel_listing_id, channel: foreign.channel, settings: { nickname: "Nope" } },
        { listing_id: foreign.svc_id, settings: { nickname: "Nope" } },
        { listing_id: "999999999", settings: { nickname: "Nope" } },
        { listing_id: mine.channel_listing_id, channel: mine.channel, settings: { nickname: "Mixed batch" } },
      ],
    });
    expect(answer.errors.map((e) => [e.listing_id, e.status, e.error.code])).toEqual([
      [foreign.channel_listing_id, 403, "forbidden"],
      [foreign.svc_id, 404, "listing_not_found"],
      ["999999999", 404, "listing_not_found"],
    ]);
    expect(answer.results.map((r) => r.listing_id)).toEqual([mine.channel_listing_id]);
    expect(snapshot(sandbox, foreign.svc_id)).toBe(before);
    expect(storedSettings(sandbox, mine.svc_id).nickname).toBe("Mixed batch");
  });

  it("rule: batch warnings are aggregated, each naming its listing", async () => {
    const vrboLondon = findListing(sandbox, p.owner.user_id, "vrbo", { in: "mkt_london" });
    const airbnbLondon = findListing(sandbox, p.owner.user_id, "airbnb", { in: "mkt_london" });
    const airbnb = findListing(sandbox, p.owner.user_id, "airbnb", { in: "mkt_austin" });
    const settings = { min_stay: 2, long_term_discounts: { weekly_percent: 5, monthly_percent: 15 } };
    const answer = await batch({
      preferences: [vrboLondon, airbnbLondon, airbnb].map((l) => ({ listing_id: l.svc_id, settings })),
    });
    expect(answer.errors).toEqual([]);
    const perResult = answer.results.flatMap((r) =>
      r.warnings.map((w) => ({ ...w, listing_id: r.listing_id })),
    );
    expect(answer.warnings).toEqual(perResult);
    expect(answer.warnings.map((w) => [w.listing_id, w.setting])).toEqual([
      [vrboLondon.svc_id, "long_term_discounts"],
      [airbnbLondon.svc_id, "min_stay"],
    ]);
    expect(storedSettings(sandbox, airbnb.svc_id)).toMatchObject(settings);
    expect(storedSettings(sandbox, vrboLondon.svc_id).long_term_discounts).toBeNull();
  });

  it("rule: a batch entry with invalid values is an error 400 invalid_preferences naming the field; bad input answers 400 and writes nothing", async () => {
    const [a, b] = listingRows(
      sandbox,
      `owner_user_id = ? AND channel = 'airbnb' AND market_id = 'mkt_lisbon'`,
      p.owner.user_id,
    );
    const storedA = storedSettings(sandbox, a!.svc_id);
    const beforeA = snapshot(sandbox, a!.svc_id);
    const answer = await batch({
      preferences: [
        { listing_id: a!.svc_id, settings: { min_price: storedA.max_price + 10 } },
        { listing_id: b!.svc_id, settings: { guests_included: 4 } },
      ],
    });
    expect(answer.errors).toHaveLength(1);
    expect(answer.errors[0]).toMatchObject({
      listing_id: a!.svc_id,
      status: 400,
      error: { code: "invalid_preferences" },
    });
    expect(answer.errors[0]!.error.details).toEqual({
      fields: [{ field: "preferences.0.settings.min_price", message: expect.any(String) }],
    });
    expect(snapshot(sandbox, a!.svc_id)).toBe(beforeA);
    expect(storedSettings(sandbox, b!.svc_id).guests_included).toBe(4);

    const beforeB = snapshot(sandbox, b!.svc_id);
    const bad = await call(sandbox, "PUT", "/preferences?channel=svc", {
      key,
      body: {
        preferences: [
          { listing_id: b!.svc_id, settings: { guests_included: 5 } },
          { listing_id: a!.svc_id, settings: { max_price: -1 } },
        ],
      },
    });
    expectError(bad, 400, "invalid_preferences");
    expect(errorFields(bad)).toEqual(["preferences.1.settings.max_price"]);
    expectError(
      await call(sandbox, "PUT", "/preferences?channel=svc", { key, body: { preferences: [] } }),
      400,
    );
    expectError(
      await call(sandbox, "PUT", "/preferences", { key, body: { preferences: [] } }),
      400,
      "invalid_body",
    );
    expect(snapshot(sandbox, b!.svc_id)).toBe(beforeB);
  });
});

describe("PUT /preferences/{listing_id}/copy", () => {
  const copy = (target: string, body: unknown, channel = "svc", as = key) =>
    call(sandbox, "PUT", `/preferences/${target}/copy?channel=${channel}`, { key: as, body });

  it("rule: copy reads copy_preferences_from per the channel rule (svc id under channel=svc) and copies only the settings named", async () => {
    const [source, target] = listingRows(
      sandbox,
      `owner_user_id = ? AND market_id = 'mkt_austin' AND channel = 'airbnb'`,
      p.owner.user_id,
    );
    written(
      await call(sandbox, "PUT", prefsPath(source!), {
        key,
        body: { nickname: "Copy source", guests_included: 6 },
      }),
    );
    const sourceSettings = storedSettings(sandbox, source!.svc_id);
    const targetBefore = storedSettings(sandbox, target!.svc_id);

    const subset = written(
      await copy(target!.svc_id, { copy_preferences_from: source!.svc_id, settings: ["nickname"] }),
    );
    expect(subset.warnings).toEqual([]);
    expect(storedSettings(sandbox, target!.svc_id)).toEqual({ ...targetBefore, nickname: "Copy source" });

    // By channel id, the source is read as an id of the request's channel.
    const all = written(
      await copy(target!.channel_listing_id, { copy_preferences_from: source!.channel_listing_id }, "airbnb"),
    );
    expect(all.preferences.listing_id).toBe(target!.channel_listing_id);
    expect(storedSettings(sandbox, target!.svc_id)).toEqual(sourceSettings);
    const [last] = rows<{ details: string }>(
      sandbox,
      `SELECT details FROM listing_changelog WHERE listing_svc_id = ? ORDER BY seq DESC LIMIT 1`,
      target!.svc_id,
    );
    expect(JSON.parse(last!.details)).toMatchObject({ source: "copy", copied_from: source!.svc_id });

    // A source the caller cannot read: 404 under svc, 403 by channel id; nothing written.
    const foreign = listingRows(sandbox, `owner_user_id = ?`, p.outsider.user_id)[0]!;
    const before = snapshot(sandbox, target!.svc_id);
    expectError(
      await copy(target!.svc_id, { copy_preferences_from: foreign.svc_id }),
      404,
      "listing_not_found",
    );
    const targetIdOnForeignChannel = listingRows(
      sandbox,
      `owner_user_id = ? AND channel = ?`,
      p.owner.user_id,
      foreign.channel,
    )[0]!;
    expectError(
      await copy(
        targetIdOnForeignChannel.channel_listing_id,
        { copy_preferences_from: foreign.channel_listing_id },
        foreign.channel,
      ),
      403,
      "forbidden",
    );
    const unknown = await copy(target!.svc_id, {
      copy_preferences_from: source!.svc_id,
      settings: ["nickname", "colour"],
    });
    expectError(unknown, 400, "invalid_preferences");
    expect(errorFields(unknown)).toEqual(["settings.1"]);
    expectError(
      await copy(target!.svc_id, { copy_preferences_from: source!.svc_id }, "svc", p.viewer.keys.standard),
      403,
      "forbidden",
    );
    expect(snapshot(sandbox, target!.svc_id)).toBe(before);
  });

  it("rule: copy warns for settings the target's channel cannot take and converts money into the target's currency", async () => {
    const source = findListing(sandbox, p.owner.user_id, "airbnb", { in: "mkt_austin" });
    const target: ListingRow = findListing(sandbox, p.owner.user_id, "vrbo", { in: "mkt_london" });
    written(
      await call(sandbox, "PUT", prefsPath(source), {
        key,
        body: {
          long_term_discounts: { weekly_percent: 7, monthly_percent: 18 },
          checkin_checkout: { checkin_days: ["saturday"], checkout_days: ["saturday"] },
          min_price: 80,
          fees: { cleaning_fee: 90, extra_guest_fee: null },
        },
      }),
    );
    const s = storedSettings(sandbox, source.svc_id);
    const count = changelogCount(sandbox, target.svc_id);
    const res = written(await copy(target.svc_id, { copy_preferences_from: source.svc_id }));
    expect(res.warnings.map((w) => [w.setting, w.reason])).toEqual([
      ["long_term_discounts", "not_supported_by_channel"],
      ["checkin_checkout", "not_supported_by_channel"],
    ]);
    const rate = (cur: string) =>
      rows<{ per_usd: number }>(sandbox, `SELECT per_usd FROM fx_rates WHERE currency = ?`, cur)[0]!.per_usd;
    const convert = (usd: number) =>
      Math.round((usd / rate(source.currency)) * rate(target.currency) * 100) / 100;
    const t = storedSettings(sandbox, target.svc_id);
    expect(target.currency).not.toBe(source.currency);
    expect(t).toMatchObject({
      long_term_discounts: null,
      checkin_checkout: null,
      min_price: convert(s.min_price),
      max_price: convert(s.max_price),
      base_price: convert(s.base_price),
      fees: { cleaning_fee: convert(90), extra_guest_fee: null },
      base_price_adjustment: s.base_price_adjustment,
      fee_adjustments: s.fee_adjustments,
    });
    expect(changelogCount(sandbox, target.svc_id)).toBeGreaterThan(count);
  });
});
