/**
 * The page's `fetch` in component tests (installed by dom-setup.ts before any test file
 * imports the dashboard's service client, which keeps the fetch it finds). Relative requests,
 * the page's own to `/api/...`, are logged and handed to the service a test file started
 * (dom-service.ts); without one they fail with a sentence, so a form that must send nothing
 * shows that it sent nothing.
 */

/** What the page sent, as `METHOD /api/svc/path?query`, since the current test started. */
export const sentFromPage: string[] = [];

/** What the page was answered, as `STATUS METHOD /api/svc/path?query`, since the current test started. */
export const answeredToPage: string[] = [];

type PageRequestHandler = (url: string, method: string, init: RequestInit) => Promise<Response>;
let handler: PageRequestHandler | null = null;

/** Where the page's requests go from now on (null: nowhere). */
export function answerPageRequestsWith(next: PageRequestHandler | null): void {
  handler = next;
}

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === "string") return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

export function installPageFetch(): void {
  const networkFetch = globalThis.fetch.bind(globalThis);
  globalThis.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = urlOf(input);
    // Absolute requests (the BFF's own to the service on loopback) leave as they are. jsdom's
    // AbortSignal is not the one Node's fetch takes, so a signal is dropped: the tests' service
    // answers in milliseconds.
    if (!url.startsWith("/")) return networkFetch(input, { ...init, signal: undefined });
    const method = (init.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    sentFromPage.push(`${method} ${url}`);
    if (!handler) throw new Error(`The page sent ${method} ${url}, and this test file started no service.`);
    const response = await handler(url, method, init);
    answeredToPage.push(`${response.status} ${method} ${url}`);
    return response;
  };
}
