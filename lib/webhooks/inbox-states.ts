/**
 * The Inbox's processing states in words (the store's names: lib/server/dashboard-store.ts).
 * The list is the page's, not a contract: a state it does not know is shown as it came, with
 * the neutral look, so an older page never hides or refuses an event.
 */
export type InboxStateTone = "waiting" | "done" | "failed" | "ignored" | "other";

const STATES: Record<string, { words: string; tone: InboxStateTone }> = {
  pending: { words: "Pending", tone: "waiting" },
  processed: { words: "Processed", tone: "done" },
  failed: { words: "Failed", tone: "failed" },
  ignored_unknown_type: { words: "Ignored (unknown type)", tone: "ignored" },
  ignored_unreadable: { words: "Ignored (unreadable)", tone: "ignored" },
};

export function inboxStateWords(state: string): { words: string; tone: InboxStateTone } {
  return Object.hasOwn(STATES, state) ? STATES[state]! : { words: `Other (${state})`, tone: "other" };
}
