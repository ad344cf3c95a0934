/** Helpers of the notifications spec: the truth at the reference service, and the page's parts. */
import type { Page } from "@playwright/test";
import type { Notification } from "../lib/svc/schemas/notifications";
import { expect, keyOf, SANDBOX, svcGet, type PersonaName } from "./fixtures";

export const READ_ONLY_REASON =
  "Your session uses a read-only key, which cannot dismiss notifications or change their settings. Sign in with a standard key to do so.";

/** Every notification of a persona at the service (fewer than 100 each in the seed). */
export async function notificationsOf(persona: PersonaName, includeDismissed = false) {
  const all = await svcGet<Notification[]>(
    `/notifications?per_page=100${includeDismissed ? "&include_dismissed=true" : ""}`,
    persona,
  );
  expect(all.length, "the seed gives each persona fewer than 100").toBeLessThan(100);
  return all;
}

export const undismissedCount = async (persona: PersonaName) => (await notificationsOf(persona)).length;

/** A call to the reference service as a persona, answering the status and body. */
export async function svcCall(
  persona: PersonaName,
  method: string,
  path: string,
  body?: unknown,
  kind = "standard",
) {
  const response = await fetch(`${SANDBOX}${path}`, {
    method,
    headers: { "x-api-key": await keyOf(persona, kind), "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

export const bell = (page: Page) => page.getByRole("button", { name: /^Notifications, / });
export const panel = (page: Page) => page.getByRole("dialog", { name: "Notifications" });
export const list = (page: Page) => page.getByRole("list", { name: "Notifications", exact: true });

export async function openNotifications(page: Page, query = "") {
  await page.goto(`/notifications${query}`);
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
  await expect(page.getByTestId("notifications")).toHaveAttribute("data-state", "ready");
}

export async function openSettings(page: Page) {
  await page.goto("/notifications?tab=settings");
  await expect(page.getByTestId("notification-settings")).toHaveAttribute("data-state", "ready");
}

/** One event's pair of switches in the settings matrix, found by the event's words. */
export const eventGroup = (page: Page, label: string) =>
  page.getByRole("group", { name: label, exact: true });
