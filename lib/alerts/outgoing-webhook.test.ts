import { describe, expect, it } from "vitest";
import {
  checkEndpoint,
  digestPayload,
  firedPayload,
  MAX_ATTEMPTS,
  nextAttemptAt,
  URL_RULE,
  type AlertIn,
  type RuleIn,
} from "@/lib/alerts/outgoing-webhook";

const NOW = new Date("2026-11-29T07:30:00.000Z");
const RULE: RuleIn = {
  id: "rul_1",
  rule: {
    kind: "behind_stly",
    scope: {},
    params: { metric: "nights", percent: 15 },
    delivery: { email: "off", webhook: "immediate" },
  },
};
const OTHER: RuleIn = { ...RULE, id: "rul_2" };
const ALERT: AlertIn = {
  id: "alr_1",
  ruleId: "rul_1",
  listingId: "1000001",
  period: "2026-12",
  firedAt: "2026-11-29T07:00:00.000Z",
  why: "December is 18 % behind last year on nights: 41 against 50.",
  measured: { nights: 41 },
  against: { stly_nights: 50, percent: 15 },
};
const VALID = {
  url: "https://hooks.example.com/in",
  enabled: true,
  digest_time: "07:30",
  time_zone: "Europe/Paris",
};
const refusal = (input: unknown) => {
  const checked = checkEndpoint(input);
  return checked.ok ? [] : checked.errors;
};

describe("the payloads", () => {
  it("alert.fired carries each alert with its rule's kind, and the rules it came from in words", () => {
    const payload = firedPayload([ALERT], [RULE, OTHER], NOW);
    expect(payload).toEqual({
      type: "alert.fired",
      timestamp: "2026-11-29T07:30:00.000Z",
      data: {
        alerts: [
          {
            id: "alr_1",
            rule_id: "rul_1",
            kind: "behind_stly",
            listing_id: "1000001",
            period: "2026-12",
            fired_at: "2026-11-29T07:00:00.000Z",
            why: ALERT.why,
            measured: { nights: 41 },
            against: { stly_nights: 50, percent: 15 },
          },
        ],
        rules: [
          {
            id: "rul_1",
            kind: "behind_stly",
            words: "A stay month more than 15 % behind the same time last year on nights",
          },
        ],
      },
    });
  });

  it("alerts.digest names its local day, its zone and the span of firing it covers", () => {
    const payload = digestPayload(
      {
        date: "2026-11-29",
        timeZone: "Europe/Paris",
        since: new Date("2026-11-28T06:30:00Z"),
        until: new Date("2026-11-29T06:30:00Z"),
      },
      [ALERT],
      [RULE],
      NOW,
    );
    expect(payload.type).toBe("alerts.digest");
    expect(payload.data).toMatchObject({
      date: "2026-11-29",
      time_zone: "Europe/Paris",
      since: "2026-11-28T06:30:00.000Z",
      until: "2026-11-29T06:30:00.000Z",
    });
    expect(payload.data.alerts.map((a) => a.id)).toEqual(["alr_1"]);
  });
});

describe("retries with backoff", () => {
  it("waits 30 s, 2 min, 10 min, 1 h and 6 h after the failed attempts, then gives up", () => {
    const waits = [1, 2, 3, 4, 5].map((n) => (nextAttemptAt(n, NOW)!.getTime() - NOW.getTime()) / 1000);
    expect(waits).toEqual([30, 120, 600, 3600, 21600]);
    expect(MAX_ATTEMPTS).toBe(6);
    expect(nextAttemptAt(6, NOW)).toBeNull();
  });
});

describe("the endpoint as written", () => {
  it("takes an https URL anywhere, and plain http only to this machine", () => {
    expect(checkEndpoint(VALID).ok).toBe(true);
    for (const url of ["http://localhost:8080/in", "http://127.0.0.1:9/in", "http://[::1]:9/in"])
      expect(checkEndpoint({ ...VALID, url }).ok, url).toBe(true);
    for (const url of ["http://hooks.example.com/in", "http://10.0.0.5/in", "ftp://hooks.example.com/"])
      expect(refusal({ ...VALID, url }), url).toEqual([{ field: "url", message: URL_RULE }]);
  });

  it("refuses bad input with a sentence per field", () => {
    expect(
      refusal({ url: "not a url", enabled: "yes", digest_time: "7:30", time_zone: "Mars/Olympus", extra: 1 }),
    ).toEqual(
      expect.arrayContaining([
        { field: "url", message: "The URL is not a web address, such as https://example.com/hooks." },
        { field: "enabled", message: "Enabled must be true or false." },
        { field: "digest_time", message: "The digest time must be a time of day such as 07:30." },
        {
          field: "time_zone",
          message: "The time zone must be a zone such as Europe/Paris or America/New_York.",
        },
        {
          field: "(root)",
          message: "The endpoint has url, enabled, digest_time and time_zone only, not extra.",
        },
      ]),
    );
    expect(refusal({ ...VALID, url: "https://user:pw@hooks.example.com/" })).toEqual([
      { field: "url", message: "The URL must not hold a user name or password." },
    ]);
    expect(refusal([])).toEqual([{ field: "(root)", message: "Send the endpoint as a JSON object." }]);
    expect(refusal({ ...VALID, url: "" })[0]?.message).toBe("Give the URL your receiver listens on.");
  });
});
