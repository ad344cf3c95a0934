import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpCatcher, type SmtpCatcher } from "@/lib/server/delivery/email/smtp-catcher";
import { ROUTE_ORIGIN, startRouteWorld, type RouteWorld } from "@/test-support/route-world";
import { sessionCookieFor } from "@/test-support/webhook-service";

/**
 * A person's own e-mail delivery as public endpoints: a live session, writes from the
 * dashboard itself, bad input refused per field in sentences, a read-only key setting its own
 * person's delivery; against the reference service over loopback, the real SQLite store and a
 * real SMTP server in this process.
 */
let smtp: SmtpCatcher;
let world: RouteWorld;
let owner: string;
let readOnly: string;
let routes: {
  delivery: typeof import("@/app/api/alerts/delivery/route");
  test: typeof import("@/app/api/alerts/delivery/test/route");
};

const request = (
  method: string,
  cookie: string,
  body?: unknown,
  headers: Record<string, string> = {},
  p = "",
) =>
  new Request(`${ROUTE_ORIGIN}/api/alerts/delivery${p}`, {
    method,
    headers: { cookie, "sec-fetch-site": "same-origin", "content-type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
const get = (cookie: string) => routes.delivery.GET(request("GET", cookie));
const put = (body: unknown, cookie = owner, headers: Record<string, string> = {}) =>
  routes.delivery.PUT(request("PUT", cookie, body, headers));
const sendTest = (cookie = owner) => routes.test.POST(request("POST", cookie, undefined, {}, "/test"));
const GOOD = { email: "owner@example.com", time_zone: "Europe/Paris", digest_time: "07:00", digest: true };

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  world = await startRouteWorld("delivery-route");
  process.env.SMTP_URL = smtp.url;
  process.env.DASHBOARD_PUBLIC_URL = "https://rates.example.com";
  routes = {
    delivery: await import("@/app/api/alerts/delivery/route"),
    test: await import("@/app/api/alerts/delivery/test/route"),
  };
  const { personas } = world;
  owner = await sessionCookieFor(personas.owner.keys.standard!, { persona: "owner", keyKind: "standard" });
  readOnly = await sessionCookieFor(personas.owner.keys.read_only!, {
    persona: "owner",
    keyKind: "read_only",
  });
}, 60_000);

afterAll(async () => {
  const runtime = await import("@/lib/server/delivery/email/runtime");
  await (await runtime.peopleStore()).close();
  await smtp.close();
  await world.close();
});

describe("a person's e-mail delivery over JSON", () => {
  it("nothing saved: no settings, the address the service knows offered, e-mail set up", async () => {
    const answer = await get(owner);
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body).toMatchObject({
      settings: null,
      email_configured: true,
      next_digest: null,
      last_digest: null,
    });
    expect(body.suggested_email).toMatch(/@/);
  });

  it("saved, read back with the next digest in words; each key is a person of its own", async () => {
    const saved = await put(GOOD);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      settings: { ...GOOD, immediate: true },
      next_digest: expect.stringMatching(/^(today|tomorrow) at 07:00, Europe\/Paris$/),
    });
    expect((await (await get(owner)).json()).settings.email).toBe("owner@example.com");
    // A read-only key may set its own person's delivery: a preference, not a change to the account.
    const mine = await put({ ...GOOD, email: "viewer@example.com", digest: false }, readOnly);
    expect(mine.status).toBe(200);
    expect(await mine.json()).toMatchObject({ settings: { email: "viewer@example.com" }, next_digest: null });
    expect((await (await get(owner)).json()).settings.email).toBe("owner@example.com");
  });

  it("bad input gets a 400 with a plain sentence per field", async () => {
    const bad = await put({ email: "nope", time_zone: "Europe/Atlantis", digest_time: "25:00" });
    expect(bad.status).toBe(400);
    const { error } = await bad.json();
    expect(error.code).toBe("invalid_input");
    expect(error.details.fields.map((f: { field: string }) => f.field)).toEqual([
      "email",
      "time_zone",
      "digest_time",
    ]);
    expect(error.message).toContain("The e-mail address must look like anna@example.com.");
    expect((await put("{not json")).status).toBe(400);
  });

  it("no session: 401; a write from another site: 403", async () => {
    const none = await routes.delivery.GET(new Request(`${ROUTE_ORIGIN}/api/alerts/delivery`));
    expect(none.status).toBe(401);
    expect((await none.json()).error.message).toBe("Your session has ended. Sign in again.");
    const cross = await put(GOOD, owner, { "sec-fetch-site": "cross-site" });
    expect(cross.status).toBe(403);
    expect((await cross.json()).error.code).toBe("cross_site_write");
  });

  it("a test e-mail before any address is saved is refused in a sentence", async () => {
    const { personas } = world;
    const manager = await sessionCookieFor(personas.manager.keys.standard!, { persona: "manager" });
    const refused = await sendTest(manager);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe("Save an e-mail address first; the test goes to it.");
  });

  it("the test e-mail goes to the saved address over SMTP", async () => {
    await put(GOOD);
    const before = smtp.mails.length;
    const sent = await sendTest();
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ sent_to: "owner@example.com" });
    const mail = smtp.mails[before]!;
    expect(mail.to).toEqual(["owner@example.com"]);
    expect(mail.subject).toBe("Rate Desk test e-mail");
    expect(mail.text).toContain("https://rates.example.com/alerts/delivery");
  });
});
