import { describe, expect, it } from "vitest";
import { digestMessage, immediateMessage, LISTED_PER_RULE, type MailedAlert } from "@/lib/alerts/digest";

const ctx = {
  rules: [
    { id: "rul_a", words: "A stay month more than 15 % behind the same time last year on nights" },
    { id: "rul_b", words: "No new booking in 14 days for a listing with open nights in the next 30" },
  ],
  names: new Map([["lst_1", "Sea View Loft <top>"]]),
  dashboardUrl: "https://rates.example.com",
};
const alert = (
  ruleId: string,
  listingId: string,
  why: string,
  firedAt = "2026-11-28T20:00:00.000Z",
): MailedAlert => ({
  ruleId,
  listingId,
  why,
  firedAt,
});

describe("the digest's message", () => {
  it("groups by rule in the rules' order, newest first within, each why with its listing's link", () => {
    const message = digestMessage(
      "2026-11-29",
      [
        alert("rul_b", "lst_2", "No new booking in the last 14 days."),
        alert("rul_a", "lst_1", "August is 18 % behind.", "2026-11-28T10:00:00.000Z"),
        alert("rul_a", "lst_3", "December is 20 % behind.", "2026-11-28T11:00:00.000Z"),
      ],
      ctx,
    )!;
    expect(message.subject).toBe("Rate Desk digest for 2026-11-29: 3 alerts to look at");
    const text = message.text;
    expect(text.indexOf("behind the same time last year on nights (2 alerts)")).toBeLessThan(
      text.indexOf("No new booking in 14 days for a listing with open nights in the next 30 (1 alert)"),
    );
    expect(text.indexOf("lst_3: December")).toBeLessThan(text.indexOf("Sea View Loft <top>: August"));
    expect(text).toContain("  https://rates.example.com/listings/lst_2\n");
    expect(text).toContain("Every alert, to snooze or resolve: https://rates.example.com/alerts");
    expect(message.html).toContain(
      '<a href="https://rates.example.com/listings/lst_1">Sea View Loft &lt;top&gt;</a>',
    );
  });

  it("nothing due, or only alerts of rules not mailed this way: no message", () => {
    expect(digestMessage("2026-11-29", [], ctx)).toBeNull();
    expect(digestMessage("2026-11-29", [alert("rul_off", "lst_1", "At the floor.")], ctx)).toBeNull();
  });

  it("lists a rule's first alerts and counts the rest", () => {
    const many = Array.from({ length: LISTED_PER_RULE + 3 }, (_, i) =>
      alert("rul_a", `lst_${i}`, `Why ${i}.`),
    );
    const text = digestMessage("2026-11-29", many, ctx)!.text;
    expect(text.match(/^- .*: Why \d+\.$/gm)).toHaveLength(LISTED_PER_RULE);
    expect(text).toContain("- and 3 more alerts, in the alert inbox");
  });
});

describe("the immediate message", () => {
  it("names the rule when one rule fired, and counts alerts when several did", () => {
    expect(immediateMessage([alert("rul_b", "lst_2", "Quiet.")], ctx)!.subject).toBe(
      "Rate Desk alert: No new booking in 14 days for a listing with open nights in the next 30 (1 listing)",
    );
    expect(
      immediateMessage([alert("rul_b", "lst_2", "Quiet."), alert("rul_a", "lst_1", "Behind.")], ctx)!.subject,
    ).toBe("Rate Desk: 2 alerts just fired");
    expect(immediateMessage([alert("rul_off", "lst_2", "Quiet.")], ctx)).toBeNull();
  });
});
