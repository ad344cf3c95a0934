import { screen, within } from "@testing-library/react";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownerCookie } from "@/test-support/bff";
import { startReceiver, webhookHeaders, type Receiver } from "@/test-support/alert-webhook-receiver";
import { personaKey, routePageRequests, sentFromPage, withServiceInPage } from "@/test-support/dom-service";
import { renderPage } from "@/test-support/render";
import { sessionCookieFor } from "@/test-support/webhook-service";
import { AlertsWebhookView } from "@/components/alerts-webhook/alerts-webhook-view";

/**
 * The alerts webhook page against its real routes (the dashboard's SQLite store in a directory
 * of this file's own), the real reference service telling whose account it is, and a real
 * receiver on loopback checking each message's signature.
 */
process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "rd-alerts-webhook-page-"));
withServiceInPage();
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await (await (await import("@/lib/server/delivery/webhook/runtime")).webhookOutStore()).close();
});

const ROUTES = {
  "/api/alerts/webhook": () => import("@/app/api/alerts/webhook/route"),
  "/api/alerts/webhook/rotate": () => import("@/app/api/alerts/webhook/rotate/route"),
  "/api/alerts/webhook/test": () => import("@/app/api/alerts/webhook/test/route"),
  "/api/alerts/webhook/deliveries": () => import("@/app/api/alerts/webhook/deliveries/route"),
} as const;

/** The page's requests to the alerts webhook go to its route handlers, with this session. */
function routesWith(cookie: string) {
  routePageRequests(async (url, method, init) => {
    const load = ROUTES[url as keyof typeof ROUTES];
    if (!load) return null;
    const handlers = (await load()) as unknown as Record<string, (r: Request) => Promise<Response>>;
    return handlers[method]!(
      new Request(`http://dashboard.test${url}`, {
        method,
        headers: { cookie, "sec-fetch-site": "same-origin", "content-type": "application/json" },
        ...(typeof init.body === "string" ? { body: init.body } : {}),
      }),
    );
  });
}

describe("the alerts webhook page", () => {
  it("refuses plain http to another machine beside the field, and sends nothing", async () => {
    routesWith(ownerCookie);
    const { user } = renderPage(<AlertsWebhookView />);
    const url = await screen.findByRole("textbox", { name: "Endpoint URL" });
    expect(url).toHaveAccessibleDescription(
      expect.stringContaining("Plain http:// is taken only to this machine"),
    );
    await user.type(url, "http://hooks.example.com/in");
    await user.click(screen.getByRole("button", { name: "Save and make the secret" }));
    expect(url).toHaveAccessibleDescription(expect.stringContaining("The URL must start with https://"));
    expect(url).toHaveAttribute("aria-invalid", "true");
    expect(sentFromPage.filter((r) => r.startsWith("PUT"))).toEqual([]);
  });

  it("saves the endpoint, shows its secret once, sends a signed test and lists its attempt", async () => {
    routesWith(ownerCookie);
    const { user } = renderPage(<AlertsWebhookView />);
    const url = await screen.findByRole("textbox", { name: "Endpoint URL" });
    await user.type(url, receiver.url);
    await user.click(screen.getByRole("button", { name: "Save and make the secret" }));

    const secretField = await screen.findByRole("textbox", { name: "Signing secret" });
    const secret = (secretField as HTMLInputElement).value;
    expect(secret).toMatch(/^whsec_/);
    expect(screen.getByText("Copy this secret now. It cannot be read back.")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.queryByRole("textbox", { name: "Signing secret" })).toBeNull();
    expect(await screen.findByRole("textbox", { name: "Endpoint URL" })).toHaveValue(receiver.url);

    await user.click(screen.getByRole("button", { name: "Send a test" }));
    expect(await screen.findByText("The test was delivered: your endpoint answered HTTP 200.")).toBeVisible();
    const got = receiver.received.at(-1)!;
    expect(new Webhook(secret).verify(got.body, webhookHeaders(got.headers))).toMatchObject({
      type: "alert.test",
    });

    const card = await screen.findByRole("article", { name: "Test" });
    expect(within(card).getByText("Delivered")).toBeVisible();
    const row = within(card).getAllByRole("row")[1]!;
    expect(row).toHaveTextContent("1 of 6");
    expect(row).toHaveTextContent("HTTP 200");
    expect(row).toHaveTextContent("ok");
    expect(within(card).getByText(/"type": "alert.test"/)).toBeInTheDocument();
    expect(within(card).getByText(String(got.headers["webhook-id"]))).toBeVisible();
  });

  it("a read-only key sees the endpoint and its deliveries, and has nothing to change them with", async () => {
    routesWith(await sessionCookieFor(await personaKey("owner", "read_only"), { keyKind: "read_only" }));
    renderPage(<AlertsWebhookView />);
    expect(await screen.findByText(/Your session uses a read-only key/)).toBeVisible();
    expect(screen.getByRole("textbox", { name: "Endpoint URL" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: /Save|Send a test|Rotate secret/ })).toBeNull();
    expect(await screen.findByRole("article", { name: "Test" })).toBeVisible();
  });
});
