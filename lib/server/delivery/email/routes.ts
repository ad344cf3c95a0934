import "server-only";
import {
  checkDeliverySettings,
  nextDigestWords,
  settingsView,
  type FieldError,
} from "@/lib/alerts/delivery-settings";
import { lastDigestWords } from "@/lib/alerts/delivery-settings-words";
import { testMessage } from "@/lib/alerts/digest";
import { json } from "@/lib/server/alerts/routes";
import { deliveryDeps, dashboardLinkBase, peopleStore } from "@/lib/server/delivery/email/runtime";
import { sendWithRetries } from "@/lib/server/delivery/email/mailer";
import { personOf } from "@/lib/server/delivery/people";
import type { Person, PeopleStore } from "@/lib/server/delivery/people-store";
import { isSessionEnded } from "@/lib/server/ended-sessions";
import { env } from "@/lib/server/env";
import { errorResponse, isSameOriginWrite, readBodyLimited } from "@/lib/server/http";
import { accountOf } from "@/lib/server/mirror/account";
import { sessionCookieFrom, unsealSession, type Session } from "@/lib/server/session";
import { serviceClient } from "@/lib/server/upstream";
import { isSvcError } from "@/lib/svc/errors";

/**
 * A person's own e-mail delivery, under the BFF's rules: a live session; writes from the
 * dashboard itself only; every refusal a sentence (per field for the settings), never a stack
 * trace. A read-only key may set its own person's delivery: it is a personal preference, not a
 * change to the account.
 */
const ENDED = "Your session has ended. Sign in again.";
const MAX_BODY = 4 * 1024;
export const NOT_CONFIGURED =
  "E-mail is not set up on this server (no SMTP_URL), so nothing is sent. Your settings are kept for when it is.";

interface Context {
  session: Session;
  accountId: string;
  personId: string;
  people: PeopleStore;
}

async function handle(request: Request, work: (ctx: Context) => Promise<Response>): Promise<Response> {
  try {
    const session = await unsealSession(sessionCookieFrom(request.headers));
    if (!session || (await isSessionEnded(session))) return errorResponse(401, "unauthenticated", ENDED);
    if (request.method !== "GET" && !isSameOriginWrite(request, env().dashboardOrigin))
      return errorResponse(403, "cross_site_write", "Changes must come from the dashboard itself.");
    const { accountId } = await accountOf(session);
    return await work({ session, accountId, personId: personOf(session), people: await peopleStore() });
  } catch (error) {
    if (isSvcError(error)) {
      if (error.status === 401) return errorResponse(401, "unauthenticated", ENDED);
      return errorResponse(
        502,
        error.code,
        `The pricing service could not tell which account this is: ${error.message}`,
      );
    }
    console.error("An e-mail delivery route failed:", error instanceof Error ? error.message : error);
    return errorResponse(500, "internal_error", "Something went wrong on the dashboard. Try again.");
  }
}

const refusal = (errors: FieldError[]) =>
  errorResponse(400, "invalid_input", errors.map((e) => e.message).join(" "), {
    details: { fields: errors },
  });

/** The address the service knows for the caller, to offer before anything is saved; null when none. */
async function suggestedEmail(session: Session): Promise<string | null> {
  try {
    const owned = await serviceClient(session.apiKey).call("listings.list", {
      query: { include_managed_listings: false, per_page: 1 },
    });
    return owned.find((l) => l.access_level === "owner")?.owner_user?.email ?? null;
  } catch {
    return null;
  }
}

async function view(ctx: Context, person: Person | null, now = new Date()) {
  const last = person ? await ctx.people.lastDigest(ctx.accountId, ctx.personId) : null;
  const settings = person?.settings ?? null;
  return {
    settings: settings ? settingsView(settings) : null,
    suggested_email: settings ? null : await suggestedEmail(ctx.session),
    email_configured: env().mail !== null,
    next_digest: settings?.digest && settings.email ? nextDigestWords(settings, now) : null,
    last_digest: last && settings ? lastDigestWords(last, settings.timeZone, now) : null,
    can_edit: true,
  };
}

export const getDelivery = (request: Request) =>
  handle(request, async (ctx) =>
    json(await view(ctx, await ctx.people.findPerson(ctx.accountId, ctx.personId))),
  );

export const putDelivery = (request: Request) =>
  handle(request, async (ctx) => {
    const text = await readBodyLimited(request, MAX_BODY);
    if (text === null) return errorResponse(413, "body_too_large", "The request body is larger than 4 KiB.");
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return refusal([{ field: "(root)", message: "Send the body as JSON." }]);
    }
    const checked = checkDeliverySettings(body);
    if (!checked.ok) return refusal(checked.errors);
    const saved = await ctx.people.savePerson(ctx.accountId, ctx.personId, ctx.session.label, checked.value);
    return json(await view(ctx, saved));
  });

/** Sends a test e-mail to the saved address now, with a few attempts: 200 when the mail server took it. */
export const sendTest = (request: Request) =>
  handle(request, async (ctx) => {
    const person = await ctx.people.findPerson(ctx.accountId, ctx.personId);
    if (!person || person.settings.email === "")
      return errorResponse(409, "no_address", "Save an e-mail address first; the test goes to it.");
    const deps = await deliveryDeps();
    if (!deps) return errorResponse(503, "email_not_configured", NOT_CONFIGURED);
    const { settings } = person;
    const message = testMessage(
      dashboardLinkBase(),
      settings.digest ? nextDigestWords(settings, new Date()) : null,
    );
    const sent = await sendWithRetries(deps.mailer, [settings.email], message, {
      attempts: 2,
      baseDelayMs: 500,
    });
    deps.mailer.close();
    if (!sent.ok) return errorResponse(502, "mail_not_sent", sent.error);
    return json({ sent_to: settings.email });
  });
