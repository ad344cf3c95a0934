import { describe, expect, it } from "vitest";
import type { RateLimitSnapshot } from "@/lib/shell/rate-limit-store";
import { SvcError } from "@/lib/svc/errors";
import { chunksOf, sendChunksPaced, type ChunkOutcome, type ChunkProgress } from "@/lib/queries/paced-chunks";
import { UNREACHABLE_REASON, writeWithRetries } from "@/lib/queries/write-retries";

const idle = (): RateLimitSnapshot => ({ reading: null, waitUntil: null });
const noWait = async () => undefined;
const ids = (n: number) => Array.from({ length: n }, (_, i) => `L${i + 1}`);

type Line = { id: string; outcome: string; reason?: string };
/** A chunk's answer as the bulk endpoints give it: the ids applied and the ids refused. */
type Answer = { applied: string[]; refused: string[] };
const linesOf = (chunk: string[], outcome: ChunkOutcome<Answer>): Line[] =>
  chunk.map((id) => {
    if (outcome.kind !== "answered") return { id, outcome: outcome.kind, reason: outcome.reason };
    return { id, outcome: outcome.answer.applied.includes(id) ? "applied" : "refused" };
  });
const applyAll = async (chunk: string[]): Promise<Answer> => ({ applied: chunk, refused: [] });

describe("chunks within the service's limits", () => {
  it("1,425 listings at 101 a call make 15 calls, the last one short, in the selection's order", () => {
    const chunks = chunksOf(ids(1425), 101);
    expect(chunks).toHaveLength(15);
    expect(chunks.slice(0, 14).every((c) => c.length === 101)).toBe(true);
    expect(chunks[14]).toHaveLength(1425 - 14 * 101);
    expect(chunks.flat()).toEqual(ids(1425));
  });

  it("up to the limit is a single call, as before", () => {
    expect(chunksOf(ids(100), 100)).toHaveLength(1);
    expect(chunksOf(ids(101), 101)).toHaveLength(1);
    expect(chunksOf([], 100)).toEqual([]);
  });
});

describe("sending chunks paced and merging one line per listing", () => {
  it("every listing has one line, in the selection's order, whatever order the calls answer in", async () => {
    const chunks = chunksOf(ids(10), 3);
    const results = await sendChunksPaced({
      chunks,
      sizeOf: (c) => c.length,
      // Later chunks answer first.
      send: async (chunk) => {
        await new Promise((r) => setTimeout(r, chunk[0] === "L1" ? 20 : 1));
        return applyAll(chunk);
      },
      resultsOf: linesOf,
      cancelledReason: "cancelled",
      budget: idle,
    });
    expect(results.map((r) => r.id)).toEqual(ids(10));
    expect(results.every((r) => r.outcome === "applied")).toBe(true);
  });

  it("a chunk that fails entirely marks its listings refused with the reason; the others stay applied", async () => {
    const chunks = chunksOf(ids(6), 2);
    const results = await sendChunksPaced({
      chunks,
      sizeOf: (c) => c.length,
      send: async (chunk) => {
        if (chunk.includes("L3")) {
          throw new SvcError({ status: 422, code: "invalid_request", message: "The period is in the past." });
        }
        return applyAll(chunk);
      },
      resultsOf: linesOf,
      cancelledReason: "cancelled",
      budget: idle,
      sleep: noWait,
    });
    expect(results.map((r) => `${r.id} ${r.outcome}`)).toEqual([
      "L1 applied",
      "L2 applied",
      "L3 refused",
      "L4 refused",
      "L5 applied",
      "L6 applied",
    ]);
    expect(results[2]!.reason).toBe("The period is in the past.");
  });

  it("a 409 on a chunk is retried and its retry's answer counts", async () => {
    let calls = 0;
    const results = await sendChunksPaced({
      chunks: [["L1", "L2"]],
      sizeOf: (c) => c.length,
      send: async (chunk) => {
        calls += 1;
        if (calls === 1) throw new SvcError({ status: 409, code: "conflict", message: "Busy." });
        return applyAll(chunk);
      },
      resultsOf: linesOf,
      cancelledReason: "cancelled",
      budget: idle,
      sleep: noWait,
    });
    expect(calls).toBe(2);
    expect(results.map((r) => r.outcome)).toEqual(["applied", "applied"]);
  });

  it("never more calls in flight than asked: one for calls that share a resource", async () => {
    let inFlight = 0;
    let most = 0;
    await sendChunksPaced({
      chunks: chunksOf(ids(12), 2),
      sizeOf: (c) => c.length,
      send: async (chunk) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight -= 1;
        return applyAll(chunk);
      },
      resultsOf: linesOf,
      cancelledReason: "cancelled",
      budget: idle,
      concurrency: 1,
    });
    expect(most).toBe(1);
  });

  it("cancel stops sending: the chunk already sent finishes and reports, the rest are not sent", async () => {
    const controller = new AbortController();
    const sent: string[][] = [];
    const progress: ChunkProgress[] = [];
    const results = await sendChunksPaced({
      chunks: chunksOf(ids(9), 3),
      sizeOf: (c) => c.length,
      send: async (chunk) => {
        sent.push(chunk);
        // Cancel is pressed while the first call is on its way.
        controller.abort();
        await new Promise((r) => setTimeout(r, 5));
        return applyAll(chunk);
      },
      resultsOf: linesOf,
      cancelledReason: "Not sent: you cancelled.",
      budget: idle,
      concurrency: 1,
      signal: controller.signal,
      onProgress: (p) => progress.push(p),
    });
    expect(sent).toEqual([["L1", "L2", "L3"]]);
    expect(results.map((r) => r.outcome)).toEqual([
      ...Array(3).fill("applied"),
      ...Array(6).fill("not_sent"),
    ]);
    expect(results[8]!.reason).toBe("Not sent: you cancelled.");
    expect(progress.at(-1)).toMatchObject({ done: 3, total: 9 });
  });

  it("below the budget's floor it pauses until the window resets, and says how many requests it keeps", async () => {
    let now = 1_800_000_000_000;
    let remaining = 10;
    const budget = (): RateLimitSnapshot => ({
      reading: { limit: 100, remaining, resetAt: now + 23_000, retryAfter: null, skewMs: null, seenAt: now },
      waitUntil: null,
    });
    const progress: ChunkProgress[] = [];
    const results = await sendChunksPaced({
      chunks: chunksOf(ids(4), 2),
      sizeOf: (c) => c.length,
      send: applyAll,
      resultsOf: linesOf,
      cancelledReason: "cancelled",
      budget,
      onProgress: (p) => progress.push(p),
      pacing: {
        now: () => now,
        // The window resets while paused: the budget is full again.
        sleep: async (ms) => {
          now += ms;
          remaining = 100;
        },
      },
    });
    expect(results.every((r) => r.outcome === "applied")).toBe(true);
    const paused = progress.find((p) => p.pausedUntil !== null);
    expect(paused).toMatchObject({ pausedUntil: 1_800_000_023_000, keptForOtherWork: 10, done: 0 });
    expect(progress.at(-1)).toMatchObject({ done: 4, pausedUntil: null });
  });
});

describe("one write with the retries the service asks for", () => {
  it("a failure that is not the service's answer is a refusal that says nothing is known to have changed", async () => {
    expect(await writeWithRetries(() => Promise.reject(new TypeError("fetch failed")), noWait)).toEqual({
      kind: "refused",
      reason: UNREACHABLE_REASON,
    });
  });
});
