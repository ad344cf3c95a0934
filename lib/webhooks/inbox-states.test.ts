import { describe, expect, it } from "vitest";
import { inboxStateWords } from "@/lib/webhooks/inbox-states";

describe("the Inbox's processing states in words", () => {
  it.each([
    ["pending", "Pending", "waiting"],
    ["processed", "Processed", "done"],
    ["failed", "Failed", "failed"],
    ["ignored_unknown_type", "Ignored (unknown type)", "ignored"],
    ["ignored_unreadable", "Ignored (unreadable)", "ignored"],
  ])("%s reads %j", (state, words, tone) => {
    expect(inboxStateWords(state)).toEqual({ words, tone });
  });

  it("a state the page does not know is shown as it came, with the neutral look", () => {
    expect(inboxStateWords("archived")).toEqual({ words: "Other (archived)", tone: "other" });
    // Not read through the object's prototype.
    expect(inboxStateWords("toString")).toEqual({ words: "Other (toString)", tone: "other" });
  });
});
