import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/server/env";

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
