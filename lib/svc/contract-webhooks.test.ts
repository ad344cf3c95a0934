import { describe, expect, it } from "vitest";
import {
  createWebhookBody,
  updateWebhookBody,
  webhookDelivery,
  webhookEnvelope,
  webhookSubscription,
  webhookSubscriptionWithSecret,
} from "@/lib/svc/schemas/webhooks";
import { byId, ok } from "@/lib/svc/contract-test-support";

const subscription = {
  id: "wh_1",
  url: "https://example.com/hooks",
  event_types: ["flags.detected"],
  status: "enabled",
  disabled_reason: null,
  consecutive_failures: 0,
  created_at: "2026-11-01T09:00:00Z",
  updated_at: "2026-11-01T09:00:00Z",
};

describe("webhooks", () => {
  it("webhook subscription read responses carry no secret", () => {
    expect(ok(webhookSubscription, subscription)).toBe(true);
    expect(ok(webhookSubscription, { ...subscription, secret: "whsec_abc" })).toBe(false);
    expect(ok(byId("webhooks.list").response, [{ ...subscription, secret: "whsec_abc" }])).toBe(false);
  });

  it("create and rotate_secret responses carry the secret", () => {
    for (const id of ["webhooks.create", "webhooks.rotateSecret"]) {
      expect(byId(id).response).toBe(webhookSubscriptionWithSecret);
    }
    expect(ok(webhookSubscriptionWithSecret, { ...subscription, secret: "whsec_abc" })).toBe(true);
    expect(ok(webhookSubscriptionWithSecret, subscription)).toBe(false);
  });

  it("create body needs a URL and a non-empty list of the three event types", () => {
    expect(
      ok(createWebhookBody, { url: "https://example.com/h", event_types: ["recommendations.updated"] }),
    ).toBe(true);
    expect(ok(createWebhookBody, { url: "example.com/h", event_types: ["flags.detected"] })).toBe(false);
    expect(ok(createWebhookBody, { url: "ftp://example.com/h", event_types: ["flags.detected"] })).toBe(
      false,
    );
    expect(ok(createWebhookBody, { url: "https://example.com/h", event_types: [] })).toBe(false);
    expect(ok(createWebhookBody, { url: "https://example.com/h", event_types: ["listing.created"] })).toBe(
      false,
    );
  });

  it("a web address over 2,048 characters is refused in a sentence with the limit written out", () => {
    const long = `https://example.com/${"a".repeat(2048)}`;
    const answer = createWebhookBody.safeParse({ url: long, event_types: ["flags.detected"] });
    expect(answer.success).toBe(false);
    expect(answer.error?.issues.map((issue) => issue.message)).toEqual([
      "The web address can be at most 2,048 characters.",
    ]);
  });

  it("update body takes any of url, event_types and status enabled", () => {
    expect(ok(updateWebhookBody, { status: "enabled" })).toBe(true);
    expect(ok(updateWebhookBody, { status: "disabled" })).toBe(false);
    expect(ok(updateWebhookBody, {})).toBe(false);
  });

  it("envelope: market_id only on recommendations.updated, which must carry it", () => {
    const base = { id: "evt_1", created_at: "2026-11-21T09:00:00Z" };
    expect(
      ok(webhookEnvelope, {
        ...base,
        type: "recommendations.updated",
        data: { listing_ids: ["s1"], market_id: "m1" },
      }),
    ).toBe(true);
    expect(
      ok(webhookEnvelope, { ...base, type: "recommendations.updated", data: { listing_ids: ["s1"] } }),
    ).toBe(false);
    expect(ok(webhookEnvelope, { ...base, type: "flags.detected", data: { listing_ids: ["s1"] } })).toBe(
      true,
    );
    expect(
      ok(webhookEnvelope, {
        ...base,
        type: "flags.detected",
        data: { listing_ids: ["s1"], market_id: "m1" },
      }),
    ).toBe(false);
    expect(ok(webhookEnvelope, { ...base, type: "flags.detected", data: { listing_ids: [] } })).toBe(false);
    expect(
      ok(webhookEnvelope, { ...base, id: "1", type: "flags.detected", data: { listing_ids: ["s1"] } }),
    ).toBe(false);
  });

  it("delivery rows: seven attempts at most and a response body of at most 1 KiB", () => {
    const row = {
      id: "dlv_1",
      event_id: "evt_1",
      event_type: "reservations.ingested",
      attempt: 7,
      status: "failed",
      response_status: 500,
      response_body: "x".repeat(1024),
      error: null,
      duration_ms: 120,
      attempted_at: "2026-11-21T09:00:00Z",
      next_attempt_at: null,
    };
    expect(ok(webhookDelivery, row)).toBe(true);
    expect(ok(webhookDelivery, { ...row, attempt: 8 })).toBe(false);
    expect(ok(webhookDelivery, { ...row, response_body: "x".repeat(1025) })).toBe(false);
    expect(ok(webhookDelivery, { ...row, status: "retrying" })).toBe(false);
  });
});
