import { afterAll, describe, expect, it, vi } from "vitest";
import { createSandbox } from "@/sandbox/app";
import { testSandboxConfig } from "@/sandbox/config";
import { loadBrowserContract } from "@/lib/svc/browser-contract";
import { createSvcClient } from "@/lib/svc/client";
import { endpoints } from "@/lib/svc/endpoints";
import { isSvcError } from "@/lib/svc/errors";

const sandbox = createSandbox(testSandboxConfig());
afterAll(() => sandbox.close());

describe("the browser's contract, loaded with the first request", () => {
  it("loads the one contract table, once for every caller", async () => {
    const first = loadBrowserContract();
    expect(loadBrowserContract()).toBe(first);
    expect(await first).toBe(endpoints);
  });

  it("formats no number while it loads: a page's first number format loads the engine's locale data", async () => {
    vi.resetModules();
    const formats = vi.spyOn(Number.prototype, "toLocaleString");
    const formatters = vi.spyOn(Intl, "NumberFormat");
    try {
      const fresh = await import("@/lib/svc/endpoints");
      expect(Object.keys(fresh.endpoints).length).toBeGreaterThan(90);
      expect(formats).not.toHaveBeenCalled();
      expect(formatters).not.toHaveBeenCalled();
    } finally {
      formats.mockRestore();
      formatters.mockRestore();
    }
  });

  it("a client on the loaded contract validates answers as the server's does", async () => {
    const personas = (await (
      await sandbox.app.fetch(new Request("http://sandbox.test/_sandbox/personas"))
    ).json()) as Array<{ persona: string; keys: { standard: string } }>;
    const client = createSvcClient({
      baseUrl: "http://sandbox.test",
      contract: loadBrowserContract,
      apiKey: personas.find((p) => p.persona === "owner")!.keys.standard,
      fetch: async (input, init) => sandbox.app.fetch(new Request(input, init)),
    });
    const answer = await client.request("listings.list", { query: { per_page: 2 } });
    expect(answer.data).toHaveLength(2);
    // The query is still checked against the contract before anything is sent.
    const refused = await client.call("listings.list", { query: { per_page: 0 } }).catch((e: unknown) => e);
    expect(isSvcError(refused) && refused.code).toBe("invalid_query");
  });

  it("a contract that cannot be loaded is a plain sentence, and nothing is sent", async () => {
    let sent = 0;
    const client = createSvcClient({
      baseUrl: "http://sandbox.test",
      contract: () => Promise.reject(new Error("ChunkLoadError: Failed to load chunk")),
      fetch: async () => {
        sent++;
        return new Response("[]");
      },
    });
    const error = await client.call("listings.list").catch((e: unknown) => e);
    expect(isSvcError(error)).toBe(true);
    expect(error).toMatchObject({ status: 503, code: "contract_unavailable" });
    expect((error as Error).message).toBe(
      "Part of this page could not be loaded. Check your connection and reload the page.",
    );
    expect(sent).toBe(0);
  });
});
