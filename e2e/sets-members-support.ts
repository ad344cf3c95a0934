/** Helpers of the set page spec: the truth read from the reference service, and the page's parts. */
import type { Page } from "@playwright/test";
import type { Listing } from "../lib/svc/schemas/listings";
import type { MembersByStatus, SetRecord } from "../lib/svc/schemas/sets";
import { expect, keyOf, SANDBOX, type PersonaName } from "./fixtures";

/** A persona's own call to the reference service. */
export async function svcAs<T>(
  persona: PersonaName,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${SANDBOX}${path}`, {
    method,
    headers: { "x-api-key": await keyOf(persona), "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path} answered ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

/** A seeded set, found by its name among the sets the persona can see. */
export async function setNamed(name: string, persona: PersonaName = "owner"): Promise<SetRecord> {
  const sets = await svcAs<SetRecord[]>(persona, "GET", `/sets?name=${encodeURIComponent(name)}`);
  const found = sets.find((s) => s.name === name);
  if (!found) throw new Error(`${persona} cannot see a set named ${name}`);
  return found;
}

export const membersOf = (setId: string) => svcAs<MembersByStatus>("owner", "GET", `/sets/${setId}/listings`);
export const associatedOf = (setId: string) =>
  svcAs<Listing[]>("owner", "GET", `/sets/${setId}/associated_listings`);
export const setRecord = (setId: string, persona: PersonaName = "owner") =>
  svcAs<SetRecord>(persona, "GET", `/sets/${setId}`);

/** Opens the set page on a tab and waits for that tab's data. */
export async function openSet(page: Page, set: SetRecord, tab?: "associated" | "sharing") {
  await page.goto(`/sets/${set.id}${tab ? `?tab=${tab}` : ""}`);
  await expect(page.getByRole("heading", { level: 1, name: set.name })).toBeVisible();
  await expect(page.getByTestId(tab ?? "members")).toHaveAttribute("data-state", "ready");
}

/** A status group of the members tab (a region named by its heading, "Active (8)"). */
export const group = (page: Page, label: "Active" | "Suggested" | "Inactive") =>
  page.getByRole("region", { name: new RegExp(`^${label} \\(\\d+\\)$`) });

/** A member's row in a group, by its internal id (names can repeat). */
export const memberRow = (page: Page, label: "Active" | "Suggested" | "Inactive", listingId: string) =>
  group(page, label)
    .getByRole("row")
    .filter({ hasText: `#${listingId}` });
