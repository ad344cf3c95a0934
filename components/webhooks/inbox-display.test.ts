import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { InboxEventRow } from "@/lib/webhooks/dashboard-queries";
import { EventTypeName, ProcessingState } from "@/components/webhooks/inbox-display";

/** The Inbox's cells as markup, read as text: what the reader sees. */
const text = (element: Parameters<typeof renderToStaticMarkup>[0]) =>
  renderToStaticMarkup(element)
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .trim();

const row = (over: Partial<InboxEventRow>): InboxEventRow => ({
  event_id: "evt_1",
  type: "payouts.created",
  listing_ids: ["lst_a"],
  market_id: null,
  received_at: "2026-11-21T10:05:00Z",
  verification: "verified",
  state: "processed",
  processed_at: "2026-11-21T10:05:01Z",
  error: null,
  ...over,
});

describe("the Inbox shows events it cannot fully read in words", () => {
  it("an unknown type is shown exactly as it came, marked as not known; a known one in words", () => {
    expect(text(createElement(EventTypeName, { type: "payouts.created" }))).toBe(
      "payouts.created A type this dashboard does not know",
    );
    expect(text(createElement(EventTypeName, { type: "flags.detected" }))).toBe("Flags detected");
  });

  it("an event ignored for its type reads Ignored (unknown type), with what was refreshed", () => {
    const error =
      "The event type payouts.created is not one this dashboard knows; the listing it names was refreshed.";
    expect(
      text(createElement(ProcessingState, { event: row({ state: "ignored_unknown_type", error }) })),
    ).toBe(`Ignored (unknown type) ${error}`);
  });

  it("an event ignored for unreadable listing ids reads Ignored (unreadable), with what was wrong", () => {
    const error = "The envelope's data.listing_ids is missing, so no listing was refreshed.";
    expect(text(createElement(ProcessingState, { event: row({ state: "ignored_unreadable", error }) }))).toBe(
      `Ignored (unreadable) ${error}`,
    );
  });

  it("a state the page does not know is shown as it came, not hidden", () => {
    expect(text(createElement(ProcessingState, { event: row({ state: "archived" }) }))).toBe(
      "Other (archived)",
    );
  });
});
