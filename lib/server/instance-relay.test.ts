import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  installRelayTransport,
  instanceId,
  onRelayed,
  receiveRelayed,
  relayToOtherInstances,
  RELAY_MAX_BYTES,
} from "@/lib/server/instance-relay";
import {
  hearWebhookEvents,
  onWebhookEvent,
  publishWebhookEvent,
  type WebhookEventNotice,
} from "@/lib/server/webhooks/event-bus";

/** What travels between instances, with a transport that records what it was given. */
function recordingTransport() {
  const sent: { from: string; kind: string; payload: unknown }[] = [];
  installRelayTransport({
    send: (text) => sent.push(JSON.parse(text) as (typeof sent)[number]),
    close: async () => undefined,
  });
  return sent;
}
const fromAnother = (kind: string, payload: unknown) =>
  JSON.stringify({ from: "other-instance", kind, payload });

const notice = (listingIds: string[]): WebhookEventNotice => ({
  eventId: "evt_1",
  sinkId: "snk_aaaaaaaaaaaaaaaaaaaaaa",
  type: "recommendations.updated",
  listingIds,
  marketId: "mkt_austin",
});

afterEach(() => installRelayTransport(null));

describe("relaying between instances", () => {
  it("with no transport (one instance on SQLite) relaying sends nothing and succeeds", () => {
    installRelayTransport(null);
    expect(relayToOtherInstances("webhook", { a: 1 })).toBe(true);
  });

  it("an event processed here is heard here and sent to the other instances under this instance's id", () => {
    const sent = recordingTransport();
    const heard: WebhookEventNotice[] = [];
    const stop = onWebhookEvent((n) => heard.push(n));
    publishWebhookEvent(notice(["lst_1"]));
    stop();
    expect(heard).toHaveLength(1);
    expect(sent).toEqual([{ from: instanceId(), kind: "webhook", payload: notice(["lst_1"]) }]);
  });

  it("a notice larger than NOTIFY carries travels as its event id", () => {
    const sent = recordingTransport();
    const many = Array.from({ length: 800 }, (_, i) => `lst_${String(i).padStart(6, "0")}`);
    expect(JSON.stringify(notice(many)).length).toBeGreaterThan(RELAY_MAX_BYTES);
    publishWebhookEvent(notice(many));
    expect(sent).toEqual([{ from: instanceId(), kind: "webhook-ref", payload: { eventId: "evt_1" } }]);
  });

  it("an event relayed by another instance reaches this instance's listeners, and is not sent back", async () => {
    const sent = recordingTransport();
    hearWebhookEvents();
    const heard: WebhookEventNotice[] = [];
    const stop = onWebhookEvent((n) => heard.push(n));
    await receiveRelayed(fromAnother("webhook", notice(["lst_9"])));
    stop();
    expect(heard).toEqual([notice(["lst_9"])]);
    expect(sent).toEqual([]);
  });

  it("an instance skips its own messages: its listeners heard them when they were sent", async () => {
    const handled = vi.fn();
    onRelayed("test-own", z.object({ n: z.number() }), handled);
    await receiveRelayed(JSON.stringify({ from: instanceId(), kind: "test-own", payload: { n: 1 } }));
    expect(handled).not.toHaveBeenCalled();
    await receiveRelayed(fromAnother("test-own", { n: 2 }));
    expect(handled).toHaveBeenCalledWith({ n: 2 });
  });

  it("a message that is not JSON, of an unknown kind, or failing its kind's schema is dropped with a line", async () => {
    const handled = vi.fn();
    onRelayed("test-checked", z.object({ n: z.number() }), handled);
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await receiveRelayed("not json");
    await receiveRelayed(fromAnother("no-such-kind", {}));
    await receiveRelayed(fromAnother("test-checked", { n: "one" }));
    expect(handled).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledTimes(3);
    for (const [line] of log.mock.calls) expect(String(line)).toMatch(/not understood and is ignored\.$/);
    log.mockRestore();
  });

  it("a handler that fails is reported in a line and does not stop the next message", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let calls = 0;
    onRelayed("test-failing", z.object({}), () => {
      calls++;
      if (calls === 1) throw new Error("boom");
    });
    await receiveRelayed(fromAnother("test-failing", {}));
    await receiveRelayed(fromAnother("test-failing", {}));
    expect(calls).toBe(2);
    expect(log).toHaveBeenCalledWith(
      'Handling a "test-failing" message from another instance failed:',
      "boom",
    );
    log.mockRestore();
  });
});
