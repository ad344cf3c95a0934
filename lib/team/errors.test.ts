import { describe, expect, it } from "vitest";
import { SvcError } from "@/lib/svc/errors";
import { inviteMemberBody } from "@/lib/svc/schemas/team";
import {
  asSentence,
  EMAIL_SENTENCE,
  LEVEL_SENTENCE,
  MEMBER_GONE_SENTENCE,
  NOT_ACCEPTED_SENTENCE,
  OWNER_ONLY_SENTENCE,
  READ_ONLY_TEAM_REASON,
  SEGMENT_GONE_SENTENCE,
  SELF_INVITE_SENTENCE,
  teamProblem,
} from "@/lib/team/errors";

/** The reference service's answers (sandbox/domain/team), as the client receives them. */
const answer = (status: number, code: string, message: string, details?: Record<string, unknown>) =>
  new SvcError({ status, code, message, details });

describe("the service's refusals of team actions, in words", () => {
  it("an invalid email goes to the email field in a sentence, never the library's text", () => {
    const error = answer(400, "invalid_body", "Invalid email: give a valid email address.", {
      fields: [{ field: "email", message: "give a valid email address" }],
    });
    expect(teamProblem(error, "invite")).toEqual({ field: "email", message: EMAIL_SENTENCE, stale: null });
  });

  it("a level that does not exist goes to the level field", () => {
    const error = answer(400, "invalid_body", 'Invalid level: Invalid option: expected one of "manager"|…', {
      fields: [{ field: "level", message: 'Invalid option: expected one of "manager"|"editor"' }],
    });
    const problem = teamProblem(error, "invite");
    expect(problem).toEqual({ field: "level", message: LEVEL_SENTENCE, stale: null });
    expect(problem!.message).not.toMatch(/Invalid option|expected/);
  });

  it("someone already in the team: the email field says so, with whether they accepted, and the list is re-read", () => {
    const invited = answer(409, "already_member", "x@example.com is already in your team (invited).", {
      user_id: "usr_1",
      status: "invited",
    });
    expect(teamProblem(invited, "invite", "x@example.com")).toEqual({
      field: "email",
      message: "x@example.com is already in your team; their invitation is waiting for them to accept it.",
      stale: "members",
    });
    const active = answer(409, "already_member", "…", { status: "active" });
    expect(teamProblem(active, "invite", "m@x.example")!.message).toBe(
      "m@x.example is already in your team and has accepted.",
    );
  });

  it("inviting yourself is refused on the email field", () => {
    const error = answer(422, "cannot_invite_self", "You own this team; invite someone else.");
    expect(teamProblem(error, "invite")).toEqual({
      field: "email",
      message: SELF_INVITE_SENTENCE,
      stale: null,
    });
  });

  it("a member removed meanwhile refreshes the list and says why, whatever the action", () => {
    const error = answer(404, "member_not_found", "No member usr_x in your team.");
    for (const action of ["remove", "autoLevel", "segments", "refresh"] as const) {
      expect(teamProblem(error, action)).toEqual({
        field: null,
        message: MEMBER_GONE_SENTENCE,
        stale: "members",
        gone: true,
      });
    }
  });

  it("a fellow member managing the owner's members is told only the owner can", () => {
    const error = answer(403, "forbidden", "Only the team's owner manages its members.");
    expect(teamProblem(error, "remove")).toEqual({ field: null, message: OWNER_ONLY_SENTENCE, stale: null });
  });

  it("refreshing an invited member says they have not accepted", () => {
    const error = answer(409, "member_not_active", "The member has not accepted the invitation yet.");
    expect(teamProblem(error, "refresh")).toEqual({
      field: null,
      message: NOT_ACCEPTED_SENTENCE,
      stale: "members",
    });
  });

  it("a segment that is not mine: the segments are re-read and the user chooses again", () => {
    const error = answer(400, "invalid_body", "Unknown segment seg_x: assign segments of your own.", {
      fields: [{ field: "segment_ids.0", message: "no segment seg_x of yours" }],
      segment_ids: ["seg_x"],
    });
    expect(teamProblem(error, "segments")).toEqual({
      field: "segment_ids",
      message: SEGMENT_GONE_SENTENCE,
      stale: "segments",
    });
  });

  it("a membership that does not exist: accepting and leaving each say what happened", () => {
    const error = answer(404, "membership_not_found", "You are not in the team of usr_nope.");
    const accept = teamProblem(error, "accept")!;
    const leave = teamProblem(error, "leave")!;
    expect(accept.message).toMatch(/^This invitation no longer exists/);
    expect(leave.message).toMatch(/^You are no longer in this team/);
    for (const problem of [accept, leave]) {
      expect(problem).toMatchObject({ field: null, stale: "memberships", gone: true });
      expect(problem.message).not.toMatch(/usr_/);
    }
  });

  it("a read-only key is told why, whatever the action", () => {
    const error = answer(403, "read_only_key", "This API key is read-only; it cannot change data.");
    expect(teamProblem(error, "leave")).toEqual({ field: null, message: READ_ONLY_TEAM_REASON, stale: null });
  });

  it("leaves what is not a team refusal to the generic description", () => {
    expect(teamProblem(answer(429, "rate_limited", "Slow down."), "invite")).toBeNull();
    expect(teamProblem(answer(502, "upstream_unreachable", "…"), "remove")).toBeNull();
    expect(teamProblem(new Error("boom"), "invite")).toBeNull();
  });
});

describe("schema messages as sentences", () => {
  it("the form's own check and the service's refusal say the same sentence", () => {
    const checked = inviteMemberBody.safeParse({ email: "x@example", level: "owner" });
    const messages = Object.fromEntries(checked.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(asSentence(messages.email!)).toBe(EMAIL_SENTENCE);
    expect(asSentence(messages.level!)).toBe(LEVEL_SENTENCE);
  });

  it("capitalises and ends with a full stop, once", () => {
    expect(asSentence("give a valid email address")).toBe("Give a valid email address.");
    expect(asSentence("choose one of the levels: manager, editor, restricted editor or viewer")).toBe(
      LEVEL_SENTENCE,
    );
    expect(asSentence("Already a sentence.")).toBe("Already a sentence.");
  });
});
