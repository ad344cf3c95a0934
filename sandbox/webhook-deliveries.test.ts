import { describe, it, expect } from "vitest";
import { recordEvent } from "./domain/webhooks/events";
import { call, rows } from "./test-support";
import { advance } from "./webhook-support";
import {
  austin,
  hook,
  owner,
  receiver,
  sandbox,
  subscribe,
  withDeliveryEngine,
} from "./webhook-engine-support";

describe("webhook delivery engine", () => {
  withDeliveryEngine();

  it("deliveries are paginated newest first with X-Total-Count", async () => {
    const sub = await subscribe(sandbox, owner, hook("/paged"), ["flags.detected"]);
    for (let w = 0; w < 3; w += 1) {
      recordEvent(sandbox.ctx, { type: "flags.detected", listingIds: [austin()[w]!] });
      await advance(sandbox, 300);
    }
    const page1 = await call(sandbox, "GET", `/webhooks/${sub.id}/deliveries?per_page=2`, { key: owner });
    const page2 = await call(sandbox, "GET", `/webhooks/${sub.id}/deliveries?per_page=2&page=2`, {
      key: owner,
    });
    expect(page1.headers.get("X-Total-Count")).toBe("3");
    expect(page1.json).toHaveLength(2);
    expect(page2.json).toHaveLength(1);
    const all = [...page1.json, ...page2.json];
    const times = all.map((d: { attempted_at: string }) => Date.parse(d.attempted_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(new Set(all.map((d: { event_id: string }) => d.event_id)).size).toBe(3);
    expect(
      (await call(sandbox, "GET", `/webhooks/${sub.id}/deliveries?page=1&offset=0`, { key: owner })).status,
    ).toBe(400);
  });

  it("deleting a subscription drops its pending deliveries: nothing more is sent", async () => {
    const sub = await subscribe(sandbox, owner, hook("/gone"), ["flags.detected"]);
    receiver.script("/gone", "fail");
    recordEvent(sandbox.ctx, { type: "flags.detected", listingIds: [austin()[0]!] });
    await advance(sandbox, 300);
    expect(receiver.at("/gone")).toHaveLength(1);
    expect((await call(sandbox, "DELETE", `/webhooks/${sub.id}`, { key: owner })).status).toBe(204);
    await advance(sandbox, 3600);
    expect(receiver.at("/gone")).toHaveLength(1);
    expect(
      rows(sandbox, `SELECT COUNT(*) AS n FROM webhook_attempts WHERE subscription_id = ?`, sub.id),
    ).toEqual([{ n: 0 }]);
  });

  it("after /_sandbox/reset deliveries work again", async () => {
    const res = await call(sandbox, "POST", "/_sandbox/reset");
    expect(res.status).toBe(200);
    await subscribe(sandbox, owner, hook("/after-reset"), ["flags.detected"]);
    recordEvent(sandbox.ctx, { type: "flags.detected", listingIds: [austin()[0]!] });
    await advance(sandbox, 300);
    expect(receiver.at("/after-reset")).toHaveLength(1);
  });
});
