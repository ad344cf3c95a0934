import { describe, expect, it } from "vitest";
import { checkDeliverySettings, nextDigestWords, readDeliverySettings } from "@/lib/alerts/delivery-settings";

const GOOD = { email: "anna@example.com", time_zone: "Europe/Paris", digest_time: "07:00", digest: true };

describe("delivery settings, written strictly", () => {
  it("takes an address, a time zone, a time and the switches; immediate defaults to on", () => {
    expect(checkDeliverySettings({ ...GOOD, email: " anna@example.com " })).toEqual({
      ok: true,
      value: {
        email: "anna@example.com",
        timeZone: "Europe/Paris",
        digestTime: "07:00",
        digest: true,
        immediate: true,
      },
    });
  });

  it("a bad address, a bad zone and a bad time are each refused in a sentence naming the field", () => {
    const checked = checkDeliverySettings({
      email: "anna.example.com",
      time_zone: "Mars/Olympus",
      digest_time: "7am",
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toEqual([
      { field: "email", message: "The e-mail address must look like anna@example.com." },
      {
        field: "time_zone",
        message: "The time zone must be a name from the time zone list, such as Europe/Paris.",
      },
      {
        field: "digest_time",
        message: "The digest time must be a time of day from 00:00 to 23:59, such as 07:00.",
      },
    ]);
  });

  it("24:00, a number for the address and an unknown field are refused too", () => {
    const checked = checkDeliverySettings({ ...GOOD, digest_time: "24:00", email: 12, phone: "1" });
    expect(checked.ok ? [] : checked.errors.map((e) => e.message)).toEqual([
      "The e-mail address must be text, such as anna@example.com.",
      "The digest time must be a time of day from 00:00 to 23:59, such as 07:00.",
      'Delivery settings have no field named "phone".',
    ]);
    expect(checkDeliverySettings([1])).toMatchObject({ ok: false, errors: [{ field: "(root)" }] });
  });
});

describe("delivery settings, read tolerantly", () => {
  it("a stored zone or time this version cannot read becomes the default", () => {
    expect(
      readDeliverySettings({
        email: "a@b.co",
        timeZone: "Nowhere/Else",
        digestTime: "99:99",
        digest: 1,
        immediate: 0,
      }),
    ).toEqual({ email: "a@b.co", timeZone: "UTC", digestTime: "07:00", digest: true, immediate: false });
  });
});

describe("the next digest in words", () => {
  const paris = { timeZone: "Europe/Paris", digestTime: "07:00" };
  it("today before the time, tomorrow after it, in the person's zone", () => {
    expect(nextDigestWords(paris, new Date("2026-11-29T05:59:00Z"))).toBe("today at 07:00, Europe/Paris");
    expect(nextDigestWords(paris, new Date("2026-11-29T06:00:00Z"))).toBe("tomorrow at 07:00, Europe/Paris");
  });
  it("a time the clocks skip reads as the wall clock shows it", () => {
    expect(
      nextDigestWords({ timeZone: "Europe/Paris", digestTime: "02:30" }, new Date("2026-03-28T12:00:00Z")),
    ).toBe("tomorrow at 03:30, Europe/Paris");
  });
});
