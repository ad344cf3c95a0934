import type { SetChangelogEntry } from "@/lib/svc/schemas/set-analytics";

/**
 * A changelog row in words. `details` is the service's free-form object, so every field is
 * read defensively: a missing one drops that part of the sentence, never prints "undefined".
 */

const LEVEL_WORDS: Readonly<Record<string, string>> = {
  R: "viewer",
  E: "restricted editor",
  F: "editor",
  M: "manager",
};

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value : null;

/** "1 listing", "3 listings". */
export function countWords(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/**
 * The listings a row names: by name where the page knows it, else by id; at most `max` named,
 * the rest counted ("A, B, C and 4 more").
 */
export function namedListings(ids: readonly string[], names: ReadonlyMap<string, string>, max = 3): string {
  const shown = ids.slice(0, max).map((id) => names.get(id) ?? `#${id}`);
  const rest = ids.length - shown.length;
  if (rest > 0) return `${shown.join(", ")} and ${rest} more`;
  if (shown.length <= 1) return shown.join("");
  return `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`;
}

function listingsPart(ids: readonly string[], names: ReadonlyMap<string, string>): string {
  return ids.length === 0 ? "" : `: ${namedListings(ids, names)}`;
}

/** "1 active member", "3 suggested members"; "1 member" without a status. */
function membersWords(n: number, status: string | null): string {
  return countWords(n, status ? `${status} member` : "member");
}

/**
 * What happened, as a sentence without a subject ("Added 2 active members: A and B").
 * `selfId` is the caller's user id when the page knows it, so "billed to you" can be said.
 */
export function describeChange(
  entry: Pick<SetChangelogEntry, "action" | "listing_ids" | "details">,
  names: ReadonlyMap<string, string> = new Map(),
  selfId: string | null = null,
): string {
  const ids = entry.listing_ids ?? [];
  const d = entry.details;
  switch (entry.action) {
    case "created": {
      const name = text(d.name);
      const base = name ? `Created the set “${name}”` : "Created the set";
      return ids.length > 0 ? `${base} with ${countWords(ids.length, "member")}` : base;
    }
    case "member_added":
      return `Added ${membersWords(ids.length, text(d.status))}${listingsPart(ids, names)}`;
    case "member_removed":
      return `Removed ${countWords(ids.length, "member")}${listingsPart(ids, names)}`;
    case "member_status_changed": {
      const from = text(d.from);
      const to = text(d.to);
      const move = from && to ? ` from ${from} to ${to}` : to ? ` to ${to}` : "";
      return `Moved ${countWords(ids.length, "member")}${move}${listingsPart(ids, names)}`;
    }
    case "shared": {
      const who = text(d.email) ?? text(d.user_id) ?? "a user";
      const level = text(d.level);
      const previous = text(d.previous_level);
      if (level === "N") return `Revoked the access of ${who}`;
      const levelWords = level ? LEVEL_WORDS[level] : undefined;
      if (!levelWords) return `Changed the access of ${who}`;
      const previousWords = previous && previous !== "N" ? LEVEL_WORDS[previous] : undefined;
      return previousWords
        ? `Changed ${who} from ${previousWords} to ${levelWords}`
        : `Shared the set with ${who} as ${levelWords}`;
    }
    case "upgraded": {
      const billed = text(d.billed_user_id);
      if (!billed) return "Upgraded to the paid plan";
      return `Upgraded to the paid plan, billed to ${billed === selfId ? "you" : `user ${billed}`}`;
    }
    case "associated_listing_added":
      return `Associated ${countWords(ids.length, "listing")}${listingsPart(ids, names)}`;
    case "associated_listing_removed":
      return `Removed ${countWords(ids.length, "associated listing")}${listingsPart(ids, names)}`;
    case "synced":
      return `A filter sync added ${membersWords(ids.length, text(d.status) ?? "suggested")}${listingsPart(ids, names)}`;
  }
}

/** Who made the change: their email, or the service itself (a filter sync has no actor). */
export function actorWords(actor: SetChangelogEntry["actor"]): string {
  return actor ? actor.email : "The service (automatic)";
}
