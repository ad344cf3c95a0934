import type { Page, Request } from "@playwright/test";

/**
 * Every request a page sends to the service through the BFF (`/api/svc/…`), as the specs that
 * count requests read them: each one's path with its query and its method (same order), how
 * many are still running, and the answers of 500 or more.
 *
 * The shell's bell reads the newest notifications on every page load. That is the shell's
 * request, not the page's: it is counted in flight but left out of `sent` unless `withShell`.
 */
export function recordServiceRequests(page: Page, { withShell = false } = {}) {
  const sent: string[] = [];
  const methods: string[] = [];
  const serverErrors: string[] = [];
  let inFlight = 0;
  // Requests seen starting: one already on its way when recording began (the page signing in
  // landed on) is not counted down, or the count would end below zero and never read 0.
  const started = new Set<Request>();
  const isService = (r: Request) => new URL(r.url()).pathname.startsWith("/api/svc/");
  const isShell = (r: Request) => new URL(r.url()).pathname === "/api/svc/notifications";
  page.on("request", (r) => {
    if (!isService(r)) return;
    const url = new URL(r.url());
    if (withShell || !isShell(r)) {
      sent.push(`${url.pathname}${url.search}`);
      methods.push(r.method());
    }
    started.add(r);
    inFlight += 1;
  });
  const done = (r: Request) => {
    if (started.delete(r)) inFlight -= 1;
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  page.on("response", (r) => {
    if (isService(r.request()) && r.status() >= 500) serverErrors.push(`${r.status()} ${r.url()}`);
  });
  const clear = () => {
    sent.splice(0);
    methods.splice(0);
  };
  return { sent, methods, serverErrors, inFlight: () => inFlight, clear };
}
