import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../lib/svc/endpoints";
import { PREFERENCE_SETTING_NAMES } from "../lib/svc/schemas/preferences";
import type { Sandbox } from "./app";
import type { ListingRow } from "./domain/access";
import {
  errorFields,
  findListing,
  prefsPath,
  snapshot,
  storedSettings,
  written,
} from "./preferences-test-support";
import { call, expectError, makeSandbox, personaKeys, type Personas } from "./test-support";

const writeSchema = endpoints["preferences.settingPut"].response;

let sandbox: Sandbox;
let p: Personas;
let key: string;
/** An owner listing whose channel takes every setting (Airbnb outside London). */
let airbnb: ListingRow;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
  key = p.owner.keys.standard;
  airbnb = findListing(sandbox, p.owner.user_id, "airbnb", { notIn: "mkt_london" });
});

describe("PUT /preferences/{listing_id}/{setting}", () => {
  it("rule: the per-setting PUT writes each setting of decisions §4", async () => {
    const listing = findListing(sandbox, p.owner.user_id, "airbnb", { in: "mkt_lisbon" });
    const s = storedSettings(sandbox, listing.svc_id);
    const values: Record<(typeof PREFERENCE_SETTING_NAMES)[number], unknown> = {
      pricing_enabled: !s.pricing_enabled,
      base_price: (s.base_price ?? 100) + 7,
      base_price_adjustment: 12.5,
      min_price: s.min_price + 1,
      max_price: s.max_price + 1,
      min_stay: 3,
      checkin_checkout: { checkin_days: ["thursday"], checkout_days: ["monday", "sunday"] },
      long_term_discounts: { weekly_percent: 6, monthly_percent: null },
      fees: { cleaning_fee: 55, extra_guest_fee: 12.5 },
      guests_included: 3,
      nickname: "Per setting",
      fee_adjustments: { total_fee_percentage: 11.2, auto_update: true },
    };
    for (const setting of PREFERENCE_SETTING_NAMES) {
      const res = await call(sandbox, "PUT", prefsPath(listing, `/${setting}`), {
        key,
        body: { value: values[setting] },
      });
      const answer = writeSchema.parse(written(res));
      expect(answer.warnings, setting).toEqual([]);
      expect(answer.preferences[setting], setting).toEqual(values[setting]);
      expect(storedSettings(sandbox, listing.svc_id)[setting], setting).toEqual(values[setting]);
    }
  });

  it("rule: an unknown setting in the path answers 400 invalid_preferences; so does a value the setting refuses", async () => {
    const before = snapshot(sandbox, airbnb.svc_id);
    for (const setting of ["bogus", "changelog", "preview"]) {
      const res = await call(sandbox, "PUT", prefsPath(airbnb, `/${setting}`), { key, body: { value: 1 } });
      expectError(res, 400, "invalid_preferences");
      expect(errorFields(res)).toEqual(["setting"]);
    }
    for (const [setting, value] of [
      ["min_price", -5],
      ["pricing_enabled", null],
      ["min_stay", 2.5],
      ["checkin_checkout", { checkin_days: [], checkout_days: ["monday"] }],
    ] as const) {
      const res = await call(sandbox, "PUT", prefsPath(airbnb, `/${setting}`), { key, body: { value } });
      expectError(res, 400, "invalid_preferences");
      expect(errorFields(res)[0]).toMatch(/^value/);
    }
    expectError(
      await call(sandbox, "PUT", prefsPath(airbnb, "/nickname"), { key, body: {} }),
      400,
      "invalid_body",
    );
    expect(snapshot(sandbox, airbnb.svc_id)).toBe(before);
  });
});
