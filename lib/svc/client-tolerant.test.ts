import { describe, expect, it } from "vitest";
import { createdDespiteOddAnswer } from "@/lib/webhooks/applied-create";
import { APPLIED_UNREADABLE, createSvcClient } from "@/lib/svc/client";
import { endpoints } from "@/lib/svc/endpoints";
import { isSvcError, type SvcError } from "@/lib/svc/errors";
import type { SkippedRow } from "@/lib/svc/read-answer";

/**
 * The outside service answering in ways ours never does: a fetch that answers with a fixed
 * status and body, so the client's reading of it is what is under test.
 */
const answering =
  (status: number, body: unknown): typeof fetch =>
  async () =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const notification = (id: string) => ({
  id,
  event: "flags.detected",
  title: "t",
  message: "m",
  listing_id: null,
  created_at: "2026-11-01T00:00:00Z",
  dismissed_at: null,
});

async function rejectionOf(promise: Promise<unknown>): Promise<SvcError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isSvcError(error)).toBe(true);
  return error as SvcError;
}

describe("the client reads tolerantly", () => {
  it("a list with a row it cannot read shows the others and names the row", async () => {
    const heard: SkippedRow[][] = [];
    const client = createSvcClient({
      baseUrl: "http://svc.test",
      contract: endpoints,
      fetch: answering(200, [notification("n1"), { ...notification("n2"), created_at: undefined }]),
      onRead: (read) => heard.push(read.skipped),
    });
    const answer = await client.request("notifications.list", {});
    expect(answer.data.map((n) => n.id)).toEqual(["n1"]);
    expect(answer.skipped).toEqual([{ list: "", index: 1, id: "n2", problems: ["created_at: missing"] }]);
    expect(heard).toEqual([answer.skipped]);
  });

  it("a 2xx write whose answer does not parse is treated as applied, never as not saved", async () => {
    const client = createSvcClient({
      baseUrl: "http://svc.test",
      contract: endpoints,
      fetch: answering(201, { id: "wh_9", secret: "whsec_kept", status: 17 }),
    });
    const body = { url: "https://example.com/hook", event_types: ["flags.detected" as const] };
    const error = await rejectionOf(client.call("webhooks.create", { body }));
    expect(error.code).toBe(APPLIED_UNREADABLE);
    expect(error.status).toBe(201);
    expect(error.message).toMatch(/^The change was saved, but the service's answer could not be shown/);
    // The webhook secret of a created subscription is kept even if the rest of the answer is odd.
    expect(createdDespiteOddAnswer(error, body)).toMatchObject({ id: "wh_9", secret: "whsec_kept" });
  });

  it("a read whose envelope cannot be read still fails with a sentence", async () => {
    const client = createSvcClient({
      baseUrl: "http://svc.test",
      contract: endpoints,
      fetch: answering(200, { unexpected: true }),
    });
    const error = await rejectionOf(client.call("usage.get", {}));
    expect(error.code).toBe("invalid_response");
  });
});

describe("the client writes strictly", () => {
  it("sends the parsed body and refuses a field the contract does not name", async () => {
    const sent: string[] = [];
    const client = createSvcClient({
      baseUrl: "http://svc.test",
      contract: endpoints,
      fetch: async (_input, init) => {
        sent.push(String(init?.body));
        return new Response(JSON.stringify({ listing_id: "1", tags: ["beach"] }), { status: 200 });
      },
    });
    const params = { listing_id: "1" };
    const query = { channel: "svc" as const };
    await client.call("tags.put", { params, query, body: { tags: ["  beach "] } });
    expect(sent).toEqual(['{"tags":["beach"]}']);
    const refused = await rejectionOf(
      client.call("tags.put", { params, query, body: { tags: [], colour: "red" } as never }),
    );
    expect(refused.code).toBe("invalid_body");
    expect(refused.details?.fields).toEqual([{ field: "colour", message: "not a field of this request" }]);
    expect(sent).toHaveLength(1);
  });
});
