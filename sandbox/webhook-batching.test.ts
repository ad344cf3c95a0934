import { randomBytes } from "node:crypto";
import { describe, it, expect } from "vitest";
import { webhookEnvelope } from "../lib/svc/schemas/webhooks";
import { recordEvent } from "./domain/webhooks/events";
import { call, rows } from "./test-support";
import { advance, parseSignature, verifySignature } from "./webhook-support";
import {
  austin,
  envelopeOf,
  hook,
  lisbon,
  owner,
  p,
  receiver,
  sandbox,
  subscribe,
  withDeliveryEngine,
} from "./webhook-engine-support";

describe("webhook delivery engine", () => {
  withDeliveryEngine();

  it("events in one window collapse into one request naming every listing, sorted; the next window sends another", async () => {
    await subscribe(sandbox, owner, hook("/batch"), ["reservations.ingested"]);
    const [a, b, c, d] = austin();
    recordEvent(sandbox.ctx, { type: "reservations.ingested", listingIds: [c!, a!] });
    recordEvent(sandbox.ctx, { type: "reservations.ingested", listingIds: [b!] });
    recordEvent(sandbox.ctx, { type: "reservations.ingested", listingIds: [a!] });
    await advance(sandbox, 297); // the window (opened one second in) has not ended
    expect(receiver.at("/batch")).toHaveLength(0);
    await advance(sandbox, 3);
    expect(receiver.at("/batch")).toHaveLength(1);
    const first = envelopeOf(receiver.at("/batch")[0]!.body);
    expect(first.type).toBe("reservations.ingested");
    expect(first.data).toEqual({ listing_ids: [a, b, c] });

    recordEvent(sandbox.ctx, { type: "reservations.ingested", listingIds: [d!] });
    await advance(sandbox, 300);
    expect(receiver.at("/batch")).toHaveLength(2);
    const second = envelopeOf(receiver.at("/batch")[1]!.body);
    expect(second.data).toEqual({ listing_ids: [d] });
    expect(second.id).not.toBe(first.id);
    expect(rows(sandbox, `SELECT COUNT(*) AS n FROM webhook_pending`)).toEqual([{ n: 0 }]);
  });

  it("the body follows the envelope contract, is stored byte for byte, and Svc-Event-Id equals its id", async () => {
    await subscribe(sandbox, owner, hook("/envelope"), ["flags.detected"]);
    recordEvent(sandbox.ctx, { type: "flags.detected", listingIds: [austin()[0]!] });
    await advance(sandbox, 300);
    const [req] = receiver.at("/envelope");
    expect(req).toBeDefined();
    const envelope = webhookEnvelope.parse(JSON.parse(req!.body));
    expect(req!.headers["svc-event-id"]).toBe(envelope.id);
    expect(envelope.id).toMatch(/^evt_/);
    expect(req!.headers["content-type"]).toBe("application/json");
    expect(rows(sandbox, `SELECT body, outcome FROM webhook_events WHERE id = ?`, envelope.id)).toEqual([
      { body: req!.body, outcome: "succeeded" },
    ]);
    expect("market_id" in envelope.data).toBe(false);
  });

  it("recommendations.updated batches per market and carries market_id", async () => {
    await subscribe(sandbox, owner, hook("/reco"), ["recommendations.updated"]);
    recordEvent(sandbox.ctx, {
      type: "recommendations.updated",
      listingIds: austin(),
      marketId: "mkt_austin",
    });
    recordEvent(sandbox.ctx, {
      type: "recommendations.updated",
      listingIds: lisbon(),
      marketId: "mkt_lisbon",
    });
    // Rates posted for one listing (no market given) batch under the listing's own market.
    recordEvent(sandbox.ctx, { type: "recommendations.updated", listingIds: [austin()[0]!] });
    await advance(sandbox, 300);
    const bodies = receiver.at("/reco").map((r) => webhookEnvelope.parse(JSON.parse(r.body)));
    expect(bodies).toHaveLength(2);
    const byId = Object.fromEntries(bodies.map((b) => [b.data.market_id, b.data.listing_ids]));
    expect(byId).toEqual({ mkt_austin: austin(), mkt_lisbon: lisbon() });
  });

  it("each type is a separate request, only subscribed types are sent, and only listings the subscriber can access", async () => {
    await subscribe(sandbox, owner, hook("/owner-flags"), ["flags.detected"]);
    await subscribe(sandbox, p.manager.keys.standard, hook("/manager"), [
      "flags.detected",
      "reservations.ingested",
    ]);
    const [outsiderListing] = rows<{ svc_id: string }>(
      sandbox,
      `SELECT svc_id FROM listings WHERE owner_user_id = ?`,
      p.outsider.user_id,
    );
    recordEvent(sandbox.ctx, { type: "flags.detected", listingIds: [austin()[0]!, outsiderListing!.svc_id] });
    recordEvent(sandbox.ctx, { type: "reservations.ingested", listingIds: [austin()[1]!] });
    recordEvent(sandbox.ctx, { type: "reservations.ingested", listingIds: [outsiderListing!.svc_id] });
    await advance(sandbox, 300);
    const ownerBodies = receiver.at("/owner-flags").map((r) => envelopeOf(r.body));
    expect(ownerBodies.map((b) => [b.type, b.data.listing_ids])).toEqual([["flags.detected", [austin()[0]]]]);
    // The manager manages the owner's listings (shared), not the outsider's.
    const managerBodies = receiver.at("/manager").map((r) => envelopeOf(r.body));
    expect(managerBodies.map((b) => [b.type, b.data.listing_ids]).sort()).toEqual([
      ["flags.detected", [austin()[0]]],
      ["reservations.ingested", [austin()[1]]],
    ]);
  });

  it("the signature verifies with an independent HMAC and fails with a wrong secret; rotation signs with the new secret at once", async () => {
    const sub = await subscribe(sandbox, owner, hook("/signed"), ["flags.detected"]);
    recordEvent(sandbox.ctx, { type: "flags.detected", listingIds: [austin()[0]!] });
    await advance(sandbox, 300);
    const [req] = receiver.at("/signed");
    const header = req!.headers["svc-signature"];
    expect(header).toMatch(/^t=\d{10},v1=[0-9a-f]{64}$/);
    expect(verifySignature(sub.secret, header, req!.body)).toBe(true);
    expect(verifySignature(`whsec_${randomBytes(32).toString("hex")}`, header, req!.body)).toBe(false);
    expect(verifySignature(sub.secret.replace(/^whsec_/, ""), header, req!.body)).toBe(false);
    expect(verifySignature(sub.secret, header, req!.body.replace("flags", "flagz"))).toBe(false);
    // t is real time (receivers compare it with their clocks), not the service clock.
    expect(Math.abs(parseSignature(header)!.t - Date.now() / 1000)).toBeLessThan(300);

    const rotated = await call(sandbox, "POST", `/webhooks/${sub.id}/rotate_secret`, { key: owner });
    recordEvent(sandbox.ctx, { type: "flags.detected", listingIds: [austin()[1]!] });
    await advance(sandbox, 300);
    const next = receiver.at("/signed")[1]!;
    expect(verifySignature(rotated.json.secret, next.headers["svc-signature"], next.body)).toBe(true);
    expect(verifySignature(sub.secret, next.headers["svc-signature"], next.body)).toBe(false);
  });
});
