import { describe, expect, it } from "vitest";
import { createDriftLog } from "@/lib/server/drift-log";

describe("the drift log", () => {
  it("logs each difference once per endpoint and field, and counts repeats", () => {
    const lines: string[] = [];
    const log = createDriftLog((line) => lines.push(line));
    const difference = { field: "[].channel", kind: "not as ours" as const, detail: "expected one of a, b" };
    log.note("GET /listings", [difference]);
    log.note("GET /listings", [difference]);
    log.note("GET /listings/{listing_id}", [difference]);
    expect(lines).toEqual([
      "[drift] GET /listings: [].channel: not as ours (expected one of a, b)",
      "[drift] GET /listings/{listing_id}: [].channel: not as ours (expected one of a, b)",
    ]);
    expect(log.list().map((d) => [d.endpoint, d.count])).toEqual([
      ["GET /listings", 2],
      ["GET /listings/{listing_id}", 1],
    ]);
  });
});
