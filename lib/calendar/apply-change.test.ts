import { describe, expect, it } from "vitest";
import { nightColumns } from "@/lib/format/night-columns";
import type { RateLimitSnapshot } from "@/lib/shell/rate-limit-store";
import { SvcError } from "@/lib/svc/errors";
import type { Listing } from "@/lib/svc/schemas/listings";
import { applyChange, writeWithRetries } from "@/lib/calendar/apply-change";
import {
  CANCELLED_NOT_SENT,
  GONE_NOT_SENT,
  planChange,
  type GroupOutcome,
  type WriteGroup,
} from "@/lib/calendar/bulk-change";
import { rowNights } from "@/lib/calendar/rows";

const grid = nightColumns("2026-12-01", "2026-12-05");
const idle = (): RateLimitSnapshot => ({ reading: null, waitUntil: null });
const noWait = async () => undefined;
const listing = (svc_id: string) =>
  ({ svc_id, name: `Listing ${svc_id}`, access_level: "owner", currency: "USD" }) as Listing;
const open = (svcId: string, booked: number[] = []) =>
  rowNights(
    {
      listing_id: svcId,
      currency: "USD",
      nights: grid.columns.map((c, i) => ({
        date: c.date,
        price: 100,
        recommended_price: 100,
        min_stay: 1,
        available: !booked.includes(i),
        is_booked: booked.includes(i),
        reservation_id: booked.includes(i) ? "R" : null,
        custom_rate: null,
        demand: "normal" as const,
      })),
    },
    grid.colOf,
    grid.columns.length,
    100,
  );
const conflict = () => new SvcError({ status: 409, code: "conflict", message: "Another write is running." });

describe("sending a change over the selection", () => {
  it("a 409 is retried, as the interface asks; the retry's answer is the result", async () => {
    let calls = 0;
    const outcome = await writeWithRetries(async (): Promise<GroupOutcome> => {
      calls += 1;
      if (calls < 3) throw conflict();
      return { kind: "single", periods: [] };
    }, noWait);
    expect(calls).toBe(3);
    expect(outcome.kind).toBe("single");
  });

  it("a 409 that keeps coming, or any other refusal, becomes the group's refusal in words", async () => {
    expect(await writeWithRetries(async () => Promise.reject(conflict()), noWait)).toEqual({
      kind: "refused",
      reason: "Another write is running.",
    });
    expect(await writeWithRetries(async () => Promise.reject(new TypeError("fetch failed")), noWait)).toEqual(
      {
        kind: "refused",
        reason: "The dashboard could not reach the pricing service; nothing is known to have changed.",
      },
    );
  });

  it("a partial failure leaves the rest applied and says which did not", async () => {
    const targets = ["1", "2", "3"].map((id) => ({
      listing: listing(id),
      row: open(id, id === "2" ? [1] : []),
    }));
    const plan = planChange(targets, 0, 4, grid.columns);
    const written: string[][] = [];
    const results = await applyChange({
      plan,
      change: { kind: "rate", priceType: "fixed", priceValue: 90 },
      budget: idle,
      sleep: noWait,
      write: async (group: WriteGroup) => {
        written.push(group.listings.map((l) => l.svc_id));
        if (group.listings[0]!.svc_id === "2")
          throw new SvcError({ status: 422, code: "invalid_request", message: "Below the minimum price." });
        return {
          kind: "bulk",
          result: {
            results: group.listings.map((l) => ({ listing_id: l.svc_id, custom_rates: [] })),
            errors: [],
          },
        };
      },
    });
    expect(written).toEqual([["1", "3"], ["2"]]);
    expect(results.map((r) => [r.listing.svc_id, r.outcome])).toEqual([
      ["1", "applied"],
      ["3", "applied"],
      ["2", "refused"],
    ]);
  });

  it("cancel stops sending: what was not sent says so, one line per listing", async () => {
    const targets = ["1", "2"].map((id) => ({ listing: listing(id), row: open(id, id === "2" ? [0] : []) }));
    const plan = planChange(targets, 0, 2, grid.columns);
    const controller = new AbortController();
    const results = await applyChange({
      plan,
      change: { kind: "min_stay", minStay: 3 },
      budget: idle,
      signal: controller.signal,
      write: async () => {
        controller.abort();
        return { kind: "single", periods: [] };
      },
    });
    expect(results).toHaveLength(2);
    expect(
      results.filter((r) => r.outcome === "not_sent").map((r) => r.outcome === "not_sent" && r.reason),
    ).toEqual([CANCELLED_NOT_SENT]);
  });

  it("a listing gone from the portfolio is not sent and says why", async () => {
    const plan = planChange(
      [
        { listing: listing("1"), row: open("1") },
        { listing: listing("2"), row: open("2") },
      ],
      0,
      1,
      grid.columns,
    );
    const results = await applyChange({
      plan,
      change: { kind: "rate", priceType: "percent", priceValue: -10 },
      gone: [listing("2")],
      budget: idle,
      write: async (group) => ({ kind: "single", periods: group.listings.map(() => ({}) as never) }),
    });
    expect(results.map((r) => [r.listing.svc_id, r.outcome])).toEqual([
      ["1", "applied"],
      ["2", "not_sent"],
    ]);
    expect(results[1]).toMatchObject({ reason: GONE_NOT_SENT });
  });
});
