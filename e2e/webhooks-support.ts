/** Helpers of the webhooks spec: calls to the reference service, its clock, and the page. */
import { createServer as createTcpServer } from "node:net";
import type { Page } from "@playwright/test";
import type { WebhookEventType, WebhookSubscriptionWithSecret } from "../lib/svc/schemas/webhooks";
import { expect, keyOf, portfolioOf, SANDBOX } from "./fixtures";

export const READ_ONLY_REASON =
  "Your session uses a read-only key, which cannot change webhook subscriptions. Sign in with a standard key to add, edit, rotate, re-enable or delete them.";
export const LIMIT_MESSAGE =
  "You have 10 webhook subscriptions, the most one user may hold. Delete one to add another.";

/** The owner's own call to the reference service (the main one unless `sandbox` says), as an integration would make it. */
export async function api<T>(
  method: string,
  path: string,
  body?: unknown,
  kind = "standard",
  sandbox = SANDBOX,
): Promise<T> {
  const response = await fetch(`${sandbox}${path}`, {
    method,
    headers: { "x-api-key": await keyOf("owner", kind, sandbox), "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path} answered ${response.status}`).toBe(true);
  return (response.status === 204 ? null : await response.json()) as T;
}

export const subscribe = (url: string, event_types: WebhookEventType[] = ["flags.detected"]) =>
  api<WebhookSubscriptionWithSecret>("POST", "/webhooks", { url, event_types });

export async function control(path: string, body: unknown, sandbox = SANDBOX) {
  const response = await fetch(`${sandbox}/_sandbox/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
}

/** A listing of the owner gains a new flag: flags.detected fires for it. */
export async function flagOwnerListing(code: string, index = 0) {
  const listing = (await portfolioOf("owner"))[index]!;
  await control("simulate", { event: "flag", listing_id: listing.svc_id, code });
}

export const advanceClock = (seconds: number) => control("clock", { advance_seconds: seconds });

/**
 * Moves the service clock to just after a five-minute window starts, so that an event
 * recorded now has its attempt 1 sent at the window's end and attempt 2 still waits 30 s.
 */
export async function alignToWindow() {
  const { now } = (await (await fetch(`${SANDBOX}/_sandbox/clock`)).json()) as { now: string };
  const into = Date.parse(now) % 300_000;
  await advanceClock(Math.ceil((300_000 - into) / 1000) + 1);
}

/** A loopback address where nothing listens: every delivery to it is refused. */
export async function closedPortUrl(): Promise<string> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/hooks/pricing`;
}

export async function openWebhooksPage(page: Page) {
  await page.goto("/webhooks");
  await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
  await expect(page.getByTestId("webhooks")).toHaveAttribute("data-state", "ready");
}

export const card = (page: Page, url: string) => page.getByRole("article", { name: url, exact: true });

export async function signInWithKey(page: Page, key: string) {
  await page.goto("/sign-in");
  await page.getByLabel("API key").fill(key);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/");
}
