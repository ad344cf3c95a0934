import {
  expect,
  keyOf,
  portfolioOf,
  rowOf,
  scriptBodies,
  scriptRequests,
  signInAs,
  test,
  withSessionOf,
} from "./fixtures";
import type { Page } from "@playwright/test";
import { openSettled } from "./theme-support";
import { READ_ONLY_CUSTOM_RATES_REASON } from "../lib/listing/custom-rates/permission";
import { card, closedPortUrl, openWebhooksPage, signInWithKey, subscribe } from "./webhooks-support";

/**
 * Parts of a page that few visits open (script per route): the webhooks page's
 * dialogs, the sets list's kind filter, each portfolio row's tags editor, the portfolio
 * selection's bulk actions and the team page's dialogs; and the new set's candidate results,
 * which come with the first search (lazyPart). Their code (Radix's dialog or popover, the
 * forms) is not part of the page's first load but comes with the first move towards a button
 * (lazyDialog, components/ui/lazy.tsx). To the user nothing changes: the click or Enter opens
 * it, with focus inside, and Escape gives focus back. Links likewise: the next page is
 * prefetched on the first move towards its link, not as the link comes into view
 * (components/ui/link.tsx).
 */
test.describe("webhooks: dialogs on first intent", () => {
  test("no dialog's code comes with the page; a pointer over Add subscription fetches it", async ({
    page,
  }) => {
    await subscribe(await closedPortUrl());
    await withSessionOf(page, "owner");
    await openWebhooksPage(page);
    const fetched = scriptRequests(page);
    await page.waitForTimeout(500); // the page is settled: nothing more comes on its own
    expect(fetched).toEqual([]);

    const add = page.getByRole("button", { name: "Add subscription" });
    await expect(add).toHaveAttribute("aria-haspopup", "dialog");
    await add.hover();
    await expect.poll(() => fetched.length).toBeGreaterThan(0);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await add.click();
    await expect(page.getByRole("dialog", { name: "Add a webhook subscription" })).toBeVisible();
  });

  test("from the keyboard: Enter on Edit opens the form with the subscription's URL, Escape gives focus back to Edit", async ({
    page,
  }) => {
    const url = await closedPortUrl();
    await subscribe(url);
    await withSessionOf(page, "owner");
    await openWebhooksPage(page);

    const edit = card(page, url).getByRole("button", { name: `Edit the subscription to ${url}` });
    await edit.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Edit the subscription" });
    await expect(dialog.getByRole("textbox", { name: /URL/ })).toHaveValue(url);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(edit).toBeFocused();
  });
});

test.describe("sets: the kind filter on first intent", () => {
  test("from the keyboard: Enter opens the kinds, Space ticks one, Escape gives focus back to the button, which says what is chosen", async ({
    page,
  }) => {
    await withSessionOf(page, "owner");
    await openSettled(page, "/sets");
    const kind = page.getByRole("button", { name: /^Kind/ });
    await expect(kind).toHaveAccessibleName("Kind Any kind");
    await kind.focus();
    await page.keyboard.press("Enter");
    const first = page.getByRole("checkbox").first();
    await expect(first).toBeVisible();
    // The kind alone: its label's first text (the "other" kind adds a note after it).
    const chosen = await first.evaluate((box: HTMLInputElement) => box.labels![0]!.firstChild!.textContent!);
    await first.focus();
    await page.keyboard.press("Space");
    await expect(first).toBeChecked();
    await page.keyboard.press("Escape");
    await expect(first).toBeHidden();
    await expect(kind).toBeFocused();
    await expect(kind).toHaveAccessibleName(`Kind ${chosen}`);
  });
});

test.describe("links: the next page prefetched on intent, never on sight", () => {
  test("a page load prefetches no other page; a pointer over a section, or a focus on a listing, prefetches it, and the click opens it", async ({
    page,
  }) => {
    const listing = (await portfolioOf("owner")).find((l) => !l.is_hidden)!;
    await withSessionOf(page, "owner");
    const prefetched: string[] = [];
    page.on("request", (request) => {
      if (request.headers()["next-router-prefetch"]) prefetched.push(new URL(request.url()).pathname);
    });
    await page.goto("/listings");
    await expect(page.getByTestId("portfolio")).toHaveAttribute("data-state", "ready");
    await page.waitForLoadState("networkidle");
    expect(prefetched).toEqual([]);

    await rowOf(page, listing).getByRole("link", { name: listing.name }).focus();
    await expect.poll(() => prefetched).toContain(`/listings/${listing.svc_id}`);
    const usage = page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Usage" });
    await usage.hover();
    await expect.poll(() => prefetched).toContain("/usage");
    await usage.click();
    await expect(page).toHaveURL(/\/usage$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

test.describe("listings: each row's tags editor on first intent", () => {
  test("from the keyboard: Enter on a row's Edit opens its tags, Escape gives focus back to Edit", async ({
    page,
  }) => {
    const listing = (await portfolioOf("owner")).find((l) => !l.is_hidden && l.tags.length > 0)!;
    await signInAs(page, "owner");
    const edit = rowOf(page, listing).getByRole("button", { name: /^Edit tags of/ });
    await expect(edit).toHaveAttribute("aria-haspopup", "dialog");
    await edit.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: `Tags of ${listing.name}` });
    await expect(dialog.getByLabel("Tags")).toHaveValue(listing.tags.join(", "));
    await expect(dialog.getByLabel("Tags")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(edit).toBeFocused();
  });
});

test.describe("team: dialogs on first intent", () => {
  test("from the keyboard: Enter on Invite someone opens the form, Escape gives focus back to the button", async ({
    page,
  }) => {
    await withSessionOf(page, "owner");
    await openSettled(page, "/team");
    const invite = page.getByRole("button", { name: "Invite someone" });
    await expect(invite).toHaveAttribute("aria-haspopup", "dialog");
    await invite.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Invite someone to your team" });
    await expect(dialog.getByLabel("Email address")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(invite).toBeFocused();
  });
});

test.describe("listings: the selection's bulk actions on first intent", () => {
  test("a tick shows both actions at once and fetches nothing; Enter on the custom rate opens its form, Escape gives focus back", async ({
    page,
  }) => {
    const listing = (await portfolioOf("owner")).find((l) => !l.is_hidden && l.access_level === "owner")!;
    await withSessionOf(page, "owner");
    await openSettled(page, "/listings");
    const fetched = scriptBodies(page);
    const dialogScripts = async () =>
      (await fetched()).filter((body) => body.includes("Apply a custom rate")).length;
    await rowOf(page, listing).getByRole("checkbox").check();
    const toolbar = page.getByRole("group", { name: "Selected listings" });
    const rate = toolbar.getByRole("button", { name: "Custom rate for 1 listing…" });
    await expect(rate).toBeEnabled();
    await expect(toolbar.getByRole("button", { name: "Edit preferences" })).toBeEnabled();
    expect(await dialogScripts()).toBe(0);

    await rate.focus();
    await expect.poll(dialogScripts).toBe(1);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Apply a custom rate" });
    await expect(dialog).toContainText(listing.name);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(rate).toBeFocused();
  });

  test("a read-only key's selection: both actions are disabled and say why, and no dialog's code is fetched", async ({
    page,
  }) => {
    const listing = (await portfolioOf("owner")).find((l) => !l.is_hidden && l.access_level === "owner")!;
    await signInWithKey(page, await keyOf("owner", "read_only"));
    const fetched = scriptBodies(page);
    await openSettled(page, "/listings");
    await rowOf(page, listing).getByRole("checkbox").check();
    const toolbar = page.getByRole("group", { name: "Selected listings" });
    const rate = toolbar.getByRole("button", { name: "Custom rate for 1 listing…" });
    await expect(rate).toBeDisabled();
    await expect(rate).toHaveAccessibleDescription(READ_ONLY_CUSTOM_RATES_REASON);
    await expect(toolbar.getByRole("button", { name: /^Edit preferences/ })).toBeDisabled();
    await rate.locator("..").hover();
    await expect(page.getByRole("tooltip")).toContainText(READ_ONLY_CUSTOM_RATES_REASON);
    expect((await fetched()).filter((body) => body.includes("Apply a custom rate"))).toEqual([]);
  });
});

test.describe("a new set: the candidates' results with the first search", () => {
  /** Text only the results' code holds (the results table's select-all). */
  const RESULTS_CODE = "Select every listing shown";

  async function chooseFirstListing(page: Page) {
    const [anchor] = await portfolioOf("owner");
    await page.getByLabel("Your listing").selectOption(anchor!.svc_id);
    return anchor!;
  }

  test("the page comes without the results table; a move towards the search fetches it, and Search shows the candidates", async ({
    page,
  }) => {
    await withSessionOf(page, "owner");
    const fetched = scriptBodies(page);
    const resultsScripts = async () => (await fetched()).filter((body) => body.includes(RESULTS_CODE)).length;
    await openSettled(page, "/sets/new");
    expect(await resultsScripts()).toBe(0);

    await chooseFirstListing(page);
    const search = page.getByRole("button", { name: "Search", exact: true });
    await search.hover();
    await expect.poll(resultsScripts).toBe(1);
    await search.click();
    const results = page.getByTestId("candidate-results");
    await expect(results).toHaveAttribute("data-state", "ready");
    await expect(results.getByRole("checkbox", { name: RESULTS_CODE })).toBeVisible();
  });

  test("when the results' code cannot be fetched, the page says so with a retry, and the search and the name typed stay", async ({
    page,
  }) => {
    await withSessionOf(page, "owner");
    await openSettled(page, "/sets/new");
    await page.route("**/_next/static/chunks/**", (route) => route.abort());
    await page.getByLabel("Name (required)").fill("Harbour comps");
    const anchor = await chooseFirstListing(page);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const failure = page.getByRole("alert").filter({ hasText: "We couldn't load the candidates." });
    await expect(failure).toContainText("Check your connection and try again.");

    await page.unroute("**/_next/static/chunks/**");
    await failure.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByTestId("candidate-results")).toHaveAttribute("data-state", "ready");
    await expect(failure).toHaveCount(0);
    await expect(page.getByLabel("Name (required)")).toHaveValue("Harbour comps");
    await expect(page.getByLabel("Your listing")).toHaveValue(anchor.svc_id);
  });
});
