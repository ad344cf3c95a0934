import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/server/env";
import { sendFailure } from "@/lib/server/delivery/email/mailer";

/** SMTP_URL and MAIL_FROM, read with the rest of the environment. */
const base = { SESSION_SECRET: "s".repeat(32), DATA_DIR: "/tmp/rd-env-test" };

describe("the e-mail settings of the environment", () => {
  it("without SMTP_URL nothing is mailed", () => {
    expect(parseEnv(base).mail).toBeNull();
  });

  it("SMTP_URL with the sender named after the public address by default, or MAIL_FROM", () => {
    const url = "smtp://rates:secret@mail.example.com:587";
    expect(
      parseEnv({ ...base, SMTP_URL: url, DASHBOARD_PUBLIC_URL: "https://rates.example.com" }).mail,
    ).toEqual({
      smtpUrl: url,
      from: "Rate Desk <alerts@rates.example.com>",
    });
    expect(
      parseEnv({ ...base, SMTP_URL: "smtps://mail.example.com", MAIL_FROM: "Ops <ops@example.com>" }).mail,
    ).toEqual({
      smtpUrl: "smtps://mail.example.com",
      from: "Ops <ops@example.com>",
    });
  });

  it("an SMTP_URL of another scheme is refused by name, without its password", () => {
    expect(() => parseEnv({ ...base, SMTP_URL: "https://user:hunter2@mail.example.com" })).toThrow(
      /^Invalid dashboard environment: SMTP_URL: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ address$/,
    );
  });
});

describe("a failed send in a sentence", () => {
  it("names no server address, quotes the server's own refusal, and says a refused sign-in", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:587"), { code: "ESOCKET" });
    expect(sendFailure(refused)).toBe("The mail server could not be reached: check SMTP_URL.");
    expect(sendFailure(Object.assign(new Error("x"), { code: "EAUTH", responseCode: 535 }))).toBe(
      "The mail server refused the dashboard's sign-in: check SMTP_URL's user and password.",
    );
    expect(
      sendFailure(Object.assign(new Error("x"), { responseCode: 550, response: "550 No such user\nmore" })),
    ).toBe("The mail server did not take the message (550: 550 No such user).");
  });
});
