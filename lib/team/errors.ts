import { isSvcError, refusalIs } from "@/lib/svc/errors";

/**
 * The service's refusals of a team action, in the page's words and placed where they belong:
 * on the field they are about, or the form's root. Codes are the reference service's
 * (sandbox/domain/team); from a service that names no code, a 404 or 409 is read by the action
 * it answered (a 404 to a removal: the member is gone). A 403 is left to the generic
 * description with the service's sentence: it means a read-only key or not the team's owner.
 */

export type TeamAction = "invite" | "remove" | "autoLevel" | "segments" | "refresh" | "accept" | "leave";

export interface TeamProblem {
  /** The form field the sentence belongs to; null: the form (or dialog) as a whole. */
  field: "email" | "level" | "segment_ids" | null;
  message: string;
  /** Which list the page should read again because it no longer matches the service. */
  stale: "members" | "memberships" | "segments" | null;
  /**
   * The row acted on no longer exists: its dialog goes with the refreshed list, so the
   * sentence belongs to the section around it.
   */
  gone?: true;
}

export const READ_ONLY_TEAM_REASON =
  "Your session uses a read-only API key, which cannot change your team or your memberships. Sign in with a standard key to make changes.";
export const EMAIL_SENTENCE = "Give a valid email address, like name@example.com.";
export const LEVEL_SENTENCE = "Choose one of the levels: manager, editor, restricted editor or viewer.";
export const SELF_INVITE_SENTENCE = "That is your own address: you own this team. Invite someone else.";
export const OWNER_ONLY_SENTENCE = "Only a team's owner can change its members.";
export const MEMBER_GONE_SENTENCE =
  "This person is no longer in your team. The list now shows your team as it is.";
export const NOT_ACCEPTED_SENTENCE =
  "They have not accepted the invitation yet, so they have no listings to refresh.";
export const SEGMENT_GONE_SENTENCE =
  "A chosen segment is no longer one of yours. The list has been refreshed: choose again.";

const MEMBERSHIP_GONE: Record<"accept" | "leave", string> = {
  accept:
    "This invitation no longer exists: it was withdrawn, or you already left. The list now shows your teams as they are.",
  leave:
    "You are no longer in this team: its owner removed you or withdrew the invitation. The list now shows your teams as they are.",
};

/** A schema message ("give a valid email address") as a sentence: capital first, full stop. */
export function asSentence(message: string): string {
  const trimmed = message.trim();
  if (trimmed === "") return trimmed;
  const capital = trimmed[0]!.toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

type FieldIssue = { field?: unknown };

function badFields(details: Record<string, unknown> | undefined): string[] {
  const fields = Array.isArray(details?.fields) ? (details.fields as FieldIssue[]) : [];
  return fields.map((f) => (typeof f.field === "string" ? f.field : ""));
}

function invalidBody(details: Record<string, unknown> | undefined): TeamProblem | null {
  const fields = badFields(details);
  if (fields.includes("email")) return { field: "email", message: EMAIL_SENTENCE, stale: null };
  if (fields.includes("level")) return { field: "level", message: LEVEL_SENTENCE, stale: null };
  if (fields.some((f) => f === "segment_ids" || f.startsWith("segment_ids."))) {
    return { field: "segment_ids", message: SEGMENT_GONE_SENTENCE, stale: "segments" };
  }
  return null;
}

/**
 * The sentence for a failed team action, or null when the failure is not one of the team's
 * own (a rate limit, an unreachable service: the generic description says those).
 * `email` is what the user typed, for the invite's sentences.
 */
export function teamProblem(error: unknown, action: TeamAction, email?: string): TeamProblem | null {
  if (!isSvcError(error)) return null;
  const { status, code, details } = error;
  if (status === 403 && code === "read_only_key") {
    return { field: null, message: READ_ONLY_TEAM_REASON, stale: null };
  }
  if (status === 400 && code === "invalid_body") return invalidBody(details);
  // Without a code, the status says what it says to this action only.
  const said = (answer: number, meaning: string, fitsAction: boolean) =>
    refusalIs(error, answer, meaning) && (code === meaning || fitsAction);
  if (said(409, "already_member", action === "invite")) {
    const who = email ?? "This person";
    const tail =
      details?.status === "invited"
        ? "; their invitation is waiting for them to accept it."
        : code === "already_member"
          ? " and has accepted."
          : ", or invited to it.";
    return { field: "email", message: `${who} is already in your team${tail}`, stale: "members" };
  }
  if (status === 422 && code === "cannot_invite_self") {
    return { field: "email", message: SELF_INVITE_SENTENCE, stale: null };
  }
  if (status === 403 && code === "forbidden" && action !== "accept" && action !== "leave") {
    return { field: null, message: OWNER_ONLY_SENTENCE, stale: null };
  }
  const onMembership = action === "accept" || action === "leave";
  if (onMembership && refusalIs(error, 404, "membership_not_found")) {
    return { field: null, message: MEMBERSHIP_GONE[action], stale: "memberships", gone: true };
  }
  if (said(404, "member_not_found", action !== "invite")) {
    return { field: null, message: MEMBER_GONE_SENTENCE, stale: "members", gone: true };
  }
  if (said(409, "member_not_active", action === "refresh")) {
    return { field: null, message: NOT_ACCEPTED_SENTENCE, stale: "members" };
  }
  return null;
}
