import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../lib/svc/endpoints";
import type { Sandbox } from "./app";
import { findListing, prefsPath, storedSettings } from "./preferences-test-support";
import { call, makeSandbox, personaKeys, rows, type Personas } from "./test-support";

const previewSchema = endpoints["preferences.preview"].response;

let sandbox: Sandbox;
let p: Personas;

beforeAll(async () => {
  sandbox = makeSandbox();
  p = await personaKeys(sandbox);
});

const openNights = (svcId: string) =>
  rows<{ date: string; recommended_price: number }>(
    sandbox,
    "SELECT date, recommended_price FROM calendar_nights WHERE listing_svc_id = ? AND date >= ? AND available = 1 ORDER BY date",
    svcId,
    sandbox.ctx.clock.today(),
  );

describe("a settings change and the next pricing run", () => {
  it("rule: a settings change is followed by recommendations.updated when recommendations are next computed: the save leaves the calendar, the run prices it under the stored settings as the preview said", async () => {
    const key = p.owner.keys.standard;
    const listing = findListing(sandbox, p.owner.user_id, "airbnb", { in: "mkt_miami_beach" });
    const s = storedSettings(sandbox, listing.svc_id) as { base_price: number | null; max_price: number };
    const raised = { base_price: Math.round((s.base_price ?? listing.base_price) * 1.2) };
    const before = openNights(listing.svc_id);

    // Saved: the calendar keeps the recommendations of the last run.
    const saved = await call(sandbox, "PUT", prefsPath(listing), { key, body: raised });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(openNights(listing.svc_id)).toEqual(before);
    // The preview of what is now stored still compares with what the calendar was priced under.
    const preview = previewSchema.parse(
      (await call(sandbox, "POST", prefsPath(listing, "/preview"), { key, body: raised })).json,
    );
    const previewed = new Map(preview.price_preview.map((n) => [n.date, n.preview_price]));
    expect(preview.price_preview.some((n) => n.preview_price !== n.current_price)).toBe(true);

    // The run: every open night where the preview put it, moved by the run's own step (within
    // a unit of rounding), and held within the maximum price.
    const run = await call(sandbox, "POST", "/_sandbox/simulate", {
      body: { event: "pricing_run", market_id: listing.market_id },
    });
    expect(run.status).toBe(200);
    expect(run.json.listing_ids).toContain(listing.svc_id);
    const after = openNights(listing.svc_id);
    const checked = after.filter((n) => previewed.has(n.date));
    expect(checked.length).toBeGreaterThan(30);
    for (const night of checked) {
      const want = previewed.get(night.date)!;
      expect(night.recommended_price).toBeLessThanOrEqual(s.max_price);
      if (want < s.max_price)
        expect(Math.abs(night.recommended_price - want * 1.02)).toBeLessThanOrEqual(1.5);
    }

    // Priced under the stored settings now: the next run only takes its step again.
    const second = await call(sandbox, "POST", "/_sandbox/simulate", {
      body: { event: "pricing_run", market_id: listing.market_id },
    });
    expect(second.status).toBe(200);
    const again = new Map(openNights(listing.svc_id).map((n) => [n.date, n.recommended_price]));
    for (const night of checked.slice(0, 20))
      expect(again.get(night.date)).toBeCloseTo(Math.round(night.recommended_price * 0.99 * 100) / 100, 2);
  });

  it("a write of a setting the engine does not price with waits for no run", async () => {
    const key = p.owner.keys.standard;
    const listing = findListing(sandbox, p.owner.user_id, "airbnb", { in: "mkt_austin" });
    expect(
      (await call(sandbox, "PUT", prefsPath(listing), { key, body: { nickname: "Unpriced" } })).status,
    ).toBe(200);
    const before = openNights(listing.svc_id);
    await call(sandbox, "POST", "/_sandbox/simulate", {
      body: { event: "pricing_run", market_id: listing.market_id },
    });
    const after = new Map(openNights(listing.svc_id).map((n) => [n.date, n.recommended_price]));
    // Only the run's step: no night jumps to whole units as a repricing would round it.
    const moved = before.filter(
      (n) => after.get(n.date) !== Math.round(n.recommended_price * 1.02 * 100) / 100,
    );
    expect(moved.length).toBeLessThanOrEqual(before.length / 20);
  });
});
