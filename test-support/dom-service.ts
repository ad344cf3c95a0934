/**
 * The service behind a component test: the page's requests to `/api/svc/...` go to the
 * dashboard's real BFF (lib/server/bff.ts) in this process, which forwards them to the real
 * reference service on loopback (test-support/bff.ts), signed in as the seeded owner. A
 * dialog's refusal or answer is then the service's own, not a copy of it.
 *
 * Not MSW: MSW would hold a second, hand-written idea of the service's answers, while the
 * reference service runs in-process in milliseconds. jsdom has no network of its own and no
 * origin to resolve `/api/svc` against, so the one piece standing in for the browser is the
 * hop from `fetch("/api/svc/...")` to the BFF's route handler, with the cookie and the
 * same-origin header a browser on the dashboard sends.
 */
import { afterAll, beforeAll, beforeEach } from "vitest";
import * as service from "./bff";
import { answerPageRequestsWith } from "./dom-fetch";

export { answeredToPage, sentFromPage } from "./dom-fetch";

/** The page's session cookie when a test signed it in as another persona; else the owner's. */
let pageCookie: string | undefined;

type PageRoute = (url: string, method: string, init: RequestInit) => Promise<Response | null>;
/** What a test set to meet the page's requests before the BFF does. */
let pageRoute: PageRoute | null = null;

/** Registers the calling file's hooks: the reference service and the BFF before its tests. */
export function withServiceInPage(): void {
  service.withBffAgainstService();
  // Each test starts signed in as the owner, its requests going straight to the BFF.
  beforeEach(() => {
    pageCookie = undefined;
    pageRoute = null;
  });
  beforeAll(() => {
    answerPageRequestsWith(
      async (url, method, init) =>
        (await pageRoute?.(url, method, init)) ??
        service.bff.proxyToService(
          service.request(url, {
            method,
            headers: { ...Object.fromEntries(new Headers(init.headers)), "sec-fetch-site": "same-origin" },
            body: typeof init.body === "string" ? init.body : undefined,
            cookie: pageCookie,
          }),
        ),
    );
  });
  afterAll(() => answerPageRequestsWith(null));
}

/** What the service answers the page for a GET, for a test to build its props from real data. */
export async function serviceAnswer<T>(path: string): Promise<T> {
  const response = await fetch(`/api/svc${path}`);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The seeded personas of the reference service behind the page (user id, email and keys). */
export async function personas(): Promise<Array<{ persona: string; user_id: string; email: string }>> {
  return (await (await fetch(`${process.env.SVC_BASE_URL}/_sandbox/personas`)).json()) as Array<{
    persona: string;
    user_id: string;
    email: string;
  }>;
}

/** A seeded persona's API key of the given kind, as the reference service lists it. */
export async function personaKey(persona: string, kind = "standard"): Promise<string> {
  const all = (await (await fetch(`${process.env.SVC_BASE_URL}/_sandbox/personas`)).json()) as Array<{
    persona: string;
    keys: Record<string, string>;
  }>;
  const key = all.find((p) => p.persona === persona)?.keys[kind];
  if (!key) throw new Error(`The reference service lists no ${kind} key for ${persona}.`);
  return key;
}

/**
 * Until the current test ends, the page's session is this persona's, with its key of `kind`:
 * what the service answers and allows is then theirs.
 */
export async function signPageInAs(persona: string, kind = "standard"): Promise<void> {
  pageCookie = await service.cookieFor(await personaKey(persona, kind));
}

/**
 * Until the current test ends, each of the page's requests meets `route` first, as with
 * Playwright's `page.route`: a response it gives is what the page receives (a request changed
 * on its way and sent on to the service itself, as a page bypassing its own form would);
 * null lets the request go on to the BFF as usual.
 */
export function routePageRequests(route: PageRoute): void {
  pageRoute = route;
}

/**
 * A request made elsewhere (another session, another tab): straight to the service with the
 * persona's standard key, so the page does not send it and `sentFromPage` does not list it.
 * Answers the service's JSON; a refusal throws.
 */
export async function callServiceAs<T = unknown>(
  persona: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${process.env.SVC_BASE_URL}${path}`, {
    method,
    headers: { "x-api-key": await personaKey(persona), "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} as ${persona} answered ${response.status}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}
