import type { Page } from "@playwright/test";
import type { Segment } from "../lib/svc/schemas/segments";
import { expect, keyOf, SANDBOX, type PersonaName } from "./fixtures";

export const segmentsList = (page: Page) => page.getByTestId("segments-list");
export const segmentPage = (page: Page) => page.getByTestId("segment-page");

export async function openSegments(page: Page) {
  await page.goto("/segments");
  await expect(segmentsList(page)).toHaveAttribute("data-state", "ready");
}

/** Waits until the segment page and each of its parts are ready. */
export async function segmentReady(page: Page) {
  await expect(segmentPage(page)).toBeVisible();
  for (const part of ["segment-listings", "segment-metrics", "segment-assignees"]) {
    await expect(page.getByTestId(part)).toHaveAttribute("data-state", "ready");
  }
}

export async function openSegment(page: Page, id: string) {
  await page.goto(`/segments/${id}`);
  await segmentReady(page);
}

/** Creates a segment straight on the reference service, as a persona. */
export async function createOnService(
  persona: PersonaName,
  body: { name: string; filter_backend: Record<string, unknown>; description?: string },
): Promise<Segment> {
  const response = await fetch(`${SANDBOX}/segments`, {
    method: "POST",
    headers: { "x-api-key": await keyOf(persona), "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Segment;
}

/** The name field of the segment form (not "Listing name contains"). */
export const nameField = (page: Page) => page.getByRole("textbox", { name: /^Name/ });
