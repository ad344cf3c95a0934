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
import { afterAll, beforeAll } from "vitest";
import * as service from "./bff";
import { answerPageRequestsWith } from "./dom-fetch";

export { sentFromPage } from "./dom-fetch";

/** Registers the calling file's hooks: the reference service and the BFF before its tests. */
export function withServiceInPage(): void {
  service.withBffAgainstService();
  beforeAll(() => {
    answerPageRequestsWith((url, method, init) =>
      service.bff.proxyToService(
        service.request(url, {
          method,
          headers: { ...Object.fromEntries(new Headers(init.headers)), "sec-fetch-site": "same-origin" },
          body: typeof init.body === "string" ? init.body : undefined,
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

/** The seeded personas of the reference service behind the page (email and keys). */
export async function personas(): Promise<Array<{ persona: string; email: string }>> {
  return (await (await fetch(`${process.env.SVC_BASE_URL}/_sandbox/personas`)).json()) as Array<{
    persona: string;
    email: string;
  }>;
}
