import { describe, expect, it } from "vitest";
import { z } from "zod";
import { endpoints } from "@/lib/svc/endpoints";
import { readAnswer } from "@/lib/svc/read-answer";
import { strictly } from "@/lib/svc/schemas/reading";

const row = z.object({ id: z.string(), nights: z.number().int(), status: z.enum(["a", "b"]) });

describe("reading an answer tolerantly", () => {
  it("numbers that arrive as numeric strings are read as numbers", () => {
    const read = readAnswer(z.array(row), [{ id: "r1", nights: "3", status: "a" }]);
    expect(read).toMatchObject({ ok: true, data: [{ id: "r1", nights: 3 }], coerced: ["0.nights"] });
  });

  it("a row that cannot be read is set aside and named; the others are read", () => {
    const read = readAnswer(z.array(row), [
      { id: "r1", nights: 2, status: "a" },
      { id: "r2", nights: 2, status: "zzz" },
      { id: "r3", status: "b" },
      { id: "r4", nights: 1, status: "b" },
    ]);
    if (!read.ok) throw new Error("expected a read");
    expect(read.data.map((r) => r.id)).toEqual(["r1", "r4"]);
    expect(read.skipped.map((s) => s.id).sort()).toEqual(["r2", "r3"]);
    expect(read.skipped.find((s) => s.id === "r3")!.problems).toEqual(["nights: missing"]);
  });

  it("a missing figure that may be null reads as unknown, never 0, and is named", () => {
    const withFigure = z.array(z.object({ id: z.string(), revenue: z.number().nullable() }));
    const read = readAnswer(withFigure, [{ id: "a" }, { id: "b", revenue: 5 }]);
    expect(read).toMatchObject({
      ok: true,
      data: [
        { id: "a", revenue: null },
        { id: "b", revenue: 5 },
      ],
    });
    if (read.ok) expect(read.missing).toEqual(["0.revenue"]);
  });

  it("rows inside a nested list are set aside without failing the envelope", () => {
    const schema = z.object({ total: z.number(), items: z.array(row) });
    const read = readAnswer(schema, { total: "2", items: [{ id: "x", nights: "n/a", status: "a" }] });
    expect(read).toMatchObject({ ok: true, data: { total: 2, items: [] } });
    if (read.ok) expect(read.skipped[0]).toMatchObject({ list: "items", id: "x" });
  });

  it("a failure outside every list fails the answer", () => {
    const schema = z.object({ total: z.number(), items: z.array(row) });
    expect(readAnswer(schema, { items: [] }).ok).toBe(false);
  });

  it("does not change the value it was given", () => {
    const given = [{ id: "r1", nights: "3", status: "a" }];
    readAnswer(z.array(row), given);
    expect(given[0]!.nights).toBe("3");
  });
});

describe("the contract read two ways", () => {
  const listing = endpoints["listings.get"].response;
  const base = {
    id: "1",
    channel: "airbnb",
    svc_id: "s1",
    name: "Loft",
    market_id: "m",
    market_name: "M",
    latitude: 1,
    longitude: 2,
    bedrooms: 1,
    bathrooms: 1,
    max_guests: 2,
    currency: "EUR",
    is_active: true,
    is_hidden: false,
    pricing_enabled: true,
    access_level: "owner",
    owner_user: { id: "u", email: "a@b.c", first_name: null, last_name: null },
    owner_name: null,
    source_user_id: null,
    num_photos: 0,
    tags: [],
    listing_preferences: {
      pricing_enabled: true,
      base_price: null,
      base_price_adjustment: null,
      min_price: null,
      max_price: null,
      min_stay: null,
      fees: null,
      long_term_discounts: null,
      guests_included: null,
      nickname: null,
    },
    supported_settings: {
      checkin_checkout: true,
      min_stay: true,
      long_term_discounts: true,
      long_term_discount_form: "percent",
    },
    created_at: "2026-01-01T00:00:00Z",
  };

  it("an unknown channel is read as it came, and refused strictly", () => {
    const odd = { ...base, channel: "expedia", access_level: "co_host" };
    expect(listing.parse(odd)).toMatchObject({ channel: "expedia", access_level: "co_host" });
    expect(strictly(() => listing.safeParse(odd)).success).toBe(false);
    expect(strictly(() => listing.safeParse(base)).success).toBe(true);
  });

  it("a cross-field rule of ours is tolerated on read and refused strictly", () => {
    const reservation = endpoints["listings.reservations"].response;
    const standing = {
      reservation_id: "R1",
      listing_id: "1",
      channel: "airbnb",
      status: "Confirmed",
      check_in: "2026-05-01",
      check_out: "2026-05-03",
      nights: 2,
      guests: null,
      booked_at: "2026-01-01T00:00:00Z",
      canceled_at: "2026-02-01T00:00:00Z",
      currency: "EUR",
      nightly_subtotal: null,
      fees: null,
      taxes: null,
      payout: null,
      total_price: null,
      comments: null,
      source_name: null,
    };
    expect(reservation.safeParse([standing]).success).toBe(true);
    expect(strictly(() => reservation.safeParse([standing])).success).toBe(false);
  });
});
