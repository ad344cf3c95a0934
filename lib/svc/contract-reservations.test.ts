import { describe, it, expect } from "vitest";
import { dateFilterType, reservation, reservationsQuery } from "@/lib/svc/schemas/reservations";
import { TS, accepts, issuePaths, without } from "@/lib/svc/contract-test-support";

function sampleReservation(overrides: Record<string, unknown> = {}) {
  return {
    reservation_id: "HM123",
    listing_id: "L1",
    channel: "airbnb",
    status: "Accepted",
    check_in: "2026-12-01",
    check_out: "2026-12-04",
    nights: 3,
    guests: 2,
    booked_at: TS,
    canceled_at: null,
    currency: "EUR",
    nightly_subtotal: 300,
    fees: 50,
    taxes: 20,
    payout: 330,
    total_price: 370,
    comments: null,
    source_name: null,
    ...overrides,
  };
}

describe("reservations", () => {
  it("reservation canceled_at is required to be set when status is Canceled", () => {
    expect(issuePaths(reservation, sampleReservation({ status: "Canceled" }))).toEqual(["canceled_at"]);
    expect(accepts(reservation, sampleReservation({ status: "Canceled", canceled_at: TS }))).toBe(true);
  });

  it("canceled_at is null while the reservation stands", () => {
    expect(issuePaths(reservation, sampleReservation({ canceled_at: TS }))).toEqual(["canceled_at"]);
  });

  it("reservation statuses are Accepted and Canceled", () => {
    expect(accepts(reservation, sampleReservation({ status: "Cancelled", canceled_at: TS }))).toBe(false);
    expect(accepts(reservation, sampleReservation({ status: "accepted" }))).toBe(false);
  });

  it("reservation_id is a string, never a number", () => {
    expect(accepts(reservation, sampleReservation({ reservation_id: 123 }))).toBe(false);
  });

  it("optional reservation fields are nullable but present", () => {
    const nulls = {
      guests: null,
      nightly_subtotal: null,
      fees: null,
      taxes: null,
      payout: null,
      total_price: null,
    };
    expect(accepts(reservation, sampleReservation(nulls))).toBe(true);
    const withoutComments = without(sampleReservation(), "comments");
    expect(accepts(reservation, withoutComments)).toBe(false);
  });

  it("check_out is after check_in and nights counts the nights between", () => {
    expect(issuePaths(reservation, sampleReservation({ check_out: "2026-12-01" }))).toEqual(["check_out"]);
    expect(issuePaths(reservation, sampleReservation({ nights: 4 }))).toEqual(["nights"]);
    expect(accepts(reservation, sampleReservation({ check_in: "2026-12-30", check_out: "2027-01-02" }))).toBe(
      true,
    );
  });

  it("date_filter_type is stay, booked, check_in or check_out", () => {
    expect(dateFilterType.options).toEqual(["stay", "booked", "check_in", "check_out"]);
    expect(accepts(reservationsQuery, { channel: "svc", date_filter_type: "checkin" })).toBe(false);
  });

  it("reservations query rejects end_date before start_date", () => {
    const query = {
      channel: "svc",
      date_filter_type: "booked",
      start_date: "2026-12-10",
      end_date: "2026-12-01",
    };
    expect(issuePaths(reservationsQuery, query)).toEqual(["end_date"]);
  });
});
