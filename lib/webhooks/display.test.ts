import { describe, expect, it } from "vitest";
import { labelOf } from "@/lib/display/open-values";
import { formatLatency } from "@/lib/format/durations";
import { SvcError } from "@/lib/svc/errors";
import type { WebhookDelivery } from "@/lib/svc/schemas/webhooks";
import {
  READ_ONLY_WEBHOOKS_REASON,
  SUBSCRIPTION_LIMIT_MESSAGE,
  createPermission,
  deliveryStatusLabels,
  eventTypeWords,
  knownEventTypes,
  lastDelivery,
  statusWords,
  webhookFormError,
} from "@/lib/webhooks/display";

const attempt = (over: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: "wha_1",
  event_id: "evt_1",
  event_type: "flags.detected",
  attempt: 1,
  status: "failed",
  response_status: null,
  response_body: null,
  error: "connection refused (ECONNREFUSED)",
  duration_ms: 3,
  attempted_at: "2026-03-01T10:05:00Z",
  next_attempt_at: "2026-03-01T10:05:30Z",
  ...over,
});

describe("webhook display", () => {
  it("a disabled subscription says why in words", () => {
    expect(statusWords({ status: "enabled", disabled_reason: null })).toBe("Enabled");
    expect(statusWords({ status: "disabled", disabled_reason: "repeated_failures" })).toBe(
      "Disabled after repeated delivery failures",
    );
  });

  it("a status, reason, event type or delivery status we do not know is shown in words", () => {
    expect(statusWords({ status: "paused", disabled_reason: null })).toBe("Paused");
    expect(statusWords({ status: "disabled", disabled_reason: "endpoint_gone" })).toBe(
      "Disabled: endpoint gone",
    );
    expect(eventTypeWords("listings.deleted").label).toBe("Listings deleted");
    expect(eventTypeWords("listings.deleted", "A listing was removed.").meaning).toBe(
      "A listing was removed.",
    );
    expect(eventTypeWords("flags.detected", "the service's words").label).toBe("Flags detected");
    expect(labelOf(deliveryStatusLabels, "retrying")).toBe("Retrying");
  });

  it("only the event types we know are sent", () => {
    expect(knownEventTypes(["flags.detected", "listings.deleted", "toString"])).toEqual(["flags.detected"]);
  });

  it("a read-only key cannot add, and nobody can add an eleventh subscription", () => {
    expect(createPermission(0, "read_only")).toEqual({ allowed: false, reason: READ_ONLY_WEBHOOKS_REASON });
    expect(createPermission(9, "standard")).toEqual({ allowed: true });
    expect(createPermission(10, "standard")).toEqual({ allowed: false, reason: SUBSCRIPTION_LIMIT_MESSAGE });
  });

  it("the service's URL refusal goes next to the URL in its own words; the limit goes to the form", () => {
    const https = new SvcError({
      status: 400,
      code: "https_required",
      message: "The endpoint must use https.",
      details: { fields: [{ field: "url", message: "must be an https URL" }] },
    });
    expect(webhookFormError(https)).toEqual({ field: "url", message: "The endpoint must use https." });
    const limit = new SvcError({ status: 422, code: "subscription_limit", message: "limit 10" });
    expect(webhookFormError(limit)).toEqual({ field: "root", message: SUBSCRIPTION_LIMIT_MESSAGE });
    expect(webhookFormError(new SvcError({ status: 500, code: "internal", message: "x" }))).toBeNull();
    expect(webhookFormError(new Error("boom"))).toBeNull();
  });

  it("the last delivery is the newest attempt made, and a waiting retry is named beside it", () => {
    const pending = attempt({ id: "wha_2", attempt: 2, status: "pending", error: null, duration_ms: null });
    const failed = attempt({});
    expect(lastDelivery([pending, failed])).toEqual({ last: failed, pending });
    expect(lastDelivery([])).toEqual({ last: null, pending: null });
  });

  it("a delivery's duration is a latency, in ms at every size, like the usage page's", () => {
    expect(formatLatency(null)).toBe("—");
    expect(formatLatency(42)).toBe("42 ms");
    expect(formatLatency(1530)).toBe("1,530 ms");
    expect(formatLatency(15000)).toBe("15,000 ms");
  });
});
