/** Helpers of the Team spec: the service's truth, writes made "elsewhere", and the page's parts. */
import type { Page } from "@playwright/test";
import type { Listing } from "../lib/svc/schemas/listings";
import type { PortfolioKpiRow } from "../lib/svc/schemas/kpis";
import type { Segment } from "../lib/svc/schemas/segments";
import type { Membership, TeamMember } from "../lib/svc/schemas/team";
import { expect, keyOf, personas, SANDBOX, svcGet, type PersonaName } from "./fixtures";

export type PersonaRecord = { persona: PersonaName; user_id: string; email: string };

/** A persona's user id and email, as the reference service lists them. */
export async function personaRecord(persona: PersonaName): Promise<PersonaRecord> {
  const found = (await personas()).find((p) => p.persona === persona) as PersonaRecord | undefined;
  if (!found) throw new Error(`no persona ${persona}`);
  return found;
}

/** A write as a persona, made outside the page (another browser, another session). */
export async function svcWrite(persona: PersonaName, method: string, path: string, body?: unknown) {
  const response = await fetch(`${SANDBOX}${path}`, {
    method,
    headers: { "x-api-key": await keyOf(persona), "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path} answered ${response.status}`).toBe(true);
}

export const membersOf = (persona: PersonaName = "owner") => svcGet<TeamMember[]>("/teams/members", persona);
export const membershipsOf = (persona: PersonaName) => svcGet<Membership[]>("/teams/memberships", persona);
export const segmentsOf = (persona: PersonaName = "owner") => svcGet<Segment[]>("/segments", persona);

/** One member as the service answers it now, by email; undefined once gone. */
export async function memberByEmail(email: string): Promise<TeamMember | undefined> {
  return (await membersOf()).find((m) => m.email === email);
}

/** The listings of one owner that `persona` sees, as GET /listings?owner_user_id= answers them. */
export const listingsOwnedBy = (ownerId: string, persona: PersonaName) =>
  svcGet<Listing[]>(`/listings?owner_user_id=${ownerId}&per_page=100`, persona);

/** The service's own ranking narrowed to one owner (GET /listings/kpis?owner_user_id=). */
export const rankingOwnedBy = (ownerId: string, persona: PersonaName, metric = "revenue", window = "30_0") =>
  svcGet<PortfolioKpiRow[]>(
    `/listings/kpis?owner_user_id=${ownerId}&metric=${metric}&window=${window}&per_page=100`,
    persona,
  );

export async function openTeamPage(page: Page) {
  await page.goto("/team");
  await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
  await expect(page.getByTestId("team-members")).toHaveAttribute("data-state", "ready");
  await expect(page.getByTestId("team-memberships")).toHaveAttribute("data-state", "ready");
}

export const myTeam = (page: Page) => page.getByRole("table", { name: "My team" });
export const myMemberships = (page: Page) => page.getByRole("table", { name: "Teams I belong to" });

/** A member's row in My team, by their email (names can be missing, emails cannot). */
export const memberRow = (page: Page, email: string) =>
  myTeam(page)
    .getByRole("row")
    .filter({ has: page.getByText(email, { exact: true }) });

/** Every request the page sends to the BFF, to show which never left the browser. */
export function recordServiceRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/svc/")) sent.push(`${request.method()} ${url.pathname}`);
  });
  return sent;
}

/** Every BFF answer of 500 or more: none may reach a bad input. */
export function recordServerErrors(page: Page): string[] {
  const failed: string[] = [];
  page.on("response", (response) => {
    if (response.status() >= 500) failed.push(`${response.status()} ${response.url()}`);
  });
  return failed;
}
