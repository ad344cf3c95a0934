import { afterEach, describe, expect, it, vi } from "vitest";
import { createSandbox } from "@/sandbox/app";
import { testSandboxConfig } from "@/sandbox/config";
import { createRateLimitStore } from "@/lib/shell/rate-limit-store";
import { createSvcClient } from "@/lib/svc/client";
import { endpoints } from "@/lib/svc/endpoints";
import { runPaced } from "@/lib/queries/paced";

/** The reference service in-process, its clock moved; our clock is the faked `Date`. */
afterEach(() => {
  vi.useRealTimers();
});

describe("the paced runner against a service on another clock", () => {
  it("a service clock an hour ahead does not stall the paced runner", async () => {
    const sandbox = createSandbox(testSandboxConfig({ rateLimitPerMinute: 5 }));
    try {
      const personas = (await (
        await sandbox.app.fetch(new Request("http://sandbox.test/_sandbox/personas"))
      ).json()) as Array<{ persona: string; keys: Record<string, string> }>;
      const apiKey = personas.find((p) => p.persona === "owner")!.keys.standard!;
      // Only Date is faked: the service clock (Date.now() plus its offset) and ours move together.
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
      await sandbox.ctx.clock.advance(3600);

      const store = createRateLimitStore();
      const client = createSvcClient({
        contract: endpoints,
        baseUrl: "http://sandbox.test",
        apiKey,
        fetch: async (input, init) => sandbox.app.fetch(new Request(input, init)),
        onRateLimit: store.record,
      });
      const sleeps: number[] = [];
      const result = await runPaced(
        Array.from({ length: 12 }, (_, i) => i),
        () => client.call("listings.list", { query: { per_page: 1 } }),
        {
          concurrency: 1,
          budget: store.get,
          sleep: async (ms) => {
            // The pause ends when the service's window does (a second late at most: the Date
            // header counts whole seconds), not an hour later.
            const serviceNow = sandbox.ctx.clock.nowMs();
            const windowEnd = Math.floor(serviceNow / 60_000) * 60_000 + 60_000;
            expect(ms).toBeLessThanOrEqual(windowEnd - serviceNow + 1_000);
            sleeps.push(ms);
            vi.setSystemTime(Date.now() + ms);
          },
        },
      );
      expect(store.get().skewMs).toBeGreaterThan(3_598_000);
      expect(sleeps.length).toBeGreaterThan(0);
      expect(result).toMatchObject({ done: 12, failed: 0 });
    } finally {
      sandbox.close();
    }
  });
});
