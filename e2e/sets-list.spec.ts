import type { Page } from "@playwright/test";
import { setAccessWords } from "../lib/sets/access";
import { amenityLabel } from "../lib/sets/candidates";
import { READ_ONLY_CREATE_REASON } from "../lib/sets/list";
import type { CandidateListing, MembersByStatus, SetRecord } from "../lib/svc/schemas/sets";
import {
  expect,
  keyOf,
  portfolioOf,
  SANDBOX,
  seriousViolations,
  svcGet,
  test,
  withSessionOf,
} from "./fixtures";

async function personaNames(): Promise<Map<string, { name: string; email: string }>> {
  const all = (await fetch(`${SANDBOX}/_sandbox/personas`).then((r) => r.json())) as Array<{
    user_id: string;
    email: string;
    first_name: string;
    last_name: string;
  }>;
  return new Map(all.map((p) => [p.user_id, { name: `${p.first_name} ${p.last_name}`, email: p.email }]));
}

const setsList = (page: Page) => page.getByTestId("sets-list");
const rowOfSet = (page: Page, name: string) =>
  page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });

async function openSets(page: Page, query = "") {
  await page.goto(`/sets${query}`);
  await expect(setsList(page)).toHaveAttribute("data-state", "ready");
}

async function shownSetNames(page: Page): Promise<string[]> {
  return setsList(page).getByRole("row").getByRole("link").allTextContents();
}

async function signInWithKey(page: Page, key: string) {
  await page.goto("/sign-in");
  await page.getByLabel("API key").fill(key);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/");
}

test.describe("the sets list", () => {
  test("shows every set the owner owns or was shared, with plan, kind, members, owner and access as the service says", async ({
    page,
  }) => {
    const [expected, people] = await Promise.all([svcGet<SetRecord[]>("/sets?per_page=100"), personaNames()]);
    expect(expected.some((s) => s.access !== "owner")).toBe(true);
    await withSessionOf(page, "owner");
    await openSets(page);

    expect((await shownSetNames(page)).sort()).toEqual(expected.map((s) => s.name).sort());
    for (const set of expected) {
      const row = rowOfSet(page, set.name);
      await expect(row.getByRole("link")).toHaveAttribute("href", `/sets/${set.id}`);
      await expect(row.getByText(set.is_paid ? "Paid" : "Free", { exact: true })).toBeVisible();
      await expect(row.getByRole("cell").nth(2)).toHaveText(set.kind);
      await expect(row.getByRole("cell").nth(3)).toHaveText(String(set.member_count));
      await expect(row.getByText(set.membership === "filter" ? "Filter-based" : "Static")).toBeVisible();
      await expect(row.getByText(setAccessWords(set.access).label, { exact: true })).toBeVisible();
      const owner = people.get(set.owner_user_id)!;
      await expect(row.getByRole("cell").nth(4)).toHaveText(
        set.access === "owner" ? "You" : new RegExp(`^(${owner.name}|${owner.email})$`),
      );
    }
    await expect(page.getByText(`${expected.length} sets`, { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the name filter (with *) and the kind filter go to the URL, narrow the list and survive a reload", async ({
    page,
  }) => {
    await withSessionOf(page, "owner");
    await openSets(page);

    const name = page.getByRole("searchbox", { name: "Name" });
    await name.fill("*comps");
    await expect(page.getByText("Sets whose name ends with “comps”.")).toBeVisible();
    await expect.poll(() => new URL(page.url()).searchParams.get("name")).toBe("*comps");
    await expect(setsList(page)).toHaveAttribute("data-state", "ready");
    const byName = await svcGet<SetRecord[]>(`/sets?name=${encodeURIComponent("*comps")}`);
    expect(byName.length).toBeGreaterThan(1);
    await expect
      .poll(async () => (await shownSetNames(page)).sort())
      .toEqual(byName.map((s) => s.name).sort());

    // Several kinds at once: the service reads them as one comma-separated list.
    const kinds = [...new Set(byName.map((s) => s.kind))].sort().slice(0, 1).concat("other");
    await page.getByRole("button", { name: /^Kind/ }).click();
    for (const kind of kinds) await page.getByRole("checkbox", { name: new RegExp(`^${kind}`) }).check();
    await page.getByRole("button", { name: "Done" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("kind")).toBe(kinds.join(","));
    await expect(setsList(page)).toHaveAttribute("data-state", "ready");
    const both = await svcGet<SetRecord[]>(
      `/sets?name=${encodeURIComponent("*comps")}&kind=${encodeURIComponent(kinds.join(","))}`,
    );
    expect(both.length).toBeLessThan(byName.length);
    await expect.poll(async () => (await shownSetNames(page)).sort()).toEqual(both.map((s) => s.name).sort());

    await page.reload();
    await expect(setsList(page)).toHaveAttribute("data-state", "ready");
    await expect(name).toHaveValue("*comps");
    await expect(page.getByRole("button", { name: /^Kind/ })).toContainText(kinds.join(", "));
    expect((await shownSetNames(page)).sort()).toEqual(both.map((s) => s.name).sort());

    // Without *, the whole name must match: a part of a name finds nothing, and the page says how to search.
    await page.getByRole("button", { name: /^Kind/ }).click();
    await page.getByRole("button", { name: "Any kind" }).click();
    await page.keyboard.press("Escape");
    await name.fill("Miami");
    await expect(page.getByText("No set matches these filters.")).toBeVisible();
    await expect(page.getByText("search for *Miami*")).toBeVisible();
    expect(await svcGet<SetRecord[]>("/sets?name=Miami")).toEqual([]);
  });

  test("viewers see the sets shared with them, who owns them and that they are read only", async ({
    page,
  }) => {
    const [expected, people] = await Promise.all([svcGet<SetRecord[]>("/sets", "viewer"), personaNames()]);
    const shared = expected.find((s) => s.access === "R")!;
    await withSessionOf(page, "viewer");
    await openSets(page);
    const row = rowOfSet(page, shared.name);
    await expect(row.getByText(setAccessWords("R").label, { exact: true })).toBeVisible();
    const owner = people.get(shared.owner_user_id)!;
    await expect(row.getByRole("cell").nth(4)).toHaveText(new RegExp(`^(${owner.name}|${owner.email})$`));
  });

  test("with a read-only key, creating a set is disabled and the page says why", async ({ page }) => {
    await signInWithKey(page, await keyOf("owner", "read_only"));
    await openSets(page);
    await expect(page.getByRole("button", { name: "New set" })).toBeDisabled();
    await expect(page.getByRole("note")).toHaveText(READ_ONLY_CREATE_REASON);
    await page.goto("/sets/new");
    await expect(page.getByRole("note")).toHaveText(READ_ONLY_CREATE_REASON);
    await expect(page.getByRole("button", { name: "Create set" })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("creating a set from candidates", () => {
  /** Searches near the owner's first listing and waits for the results; answers the service's own candidates. */
  async function searchNearFirstListing(page: Page) {
    const [anchor] = await portfolioOf("owner");
    await page.getByLabel("Your listing").selectOption(anchor!.svc_id);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByTestId("candidate-results")).toHaveAttribute("data-state", "ready");
    return svcGet<CandidateListing[]>(
      `/sets/candidates?listing_id=${anchor!.svc_id}&channel=svc&radius_km=5&per_page=100`,
    );
  }

  /** The nearest candidates whose names are unique among the results, so a checkbox names one row. */
  function distinctNearest(rows: CandidateListing[], n: number): CandidateListing[] {
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(r.name, (counts.get(r.name) ?? 0) + 1);
    return rows.filter((r) => counts.get(r.name) === 1).slice(0, n);
  }

  test("near one of my listings: compare, pick, name, create, land on the new set", async ({ page }) => {
    // A hundred candidate rows and three searches: slow when the machine is busy.
    test.slow();
    await withSessionOf(page, "owner");
    await openSets(page);
    await page.getByRole("link", { name: "New set" }).click();
    await page.waitForURL("**/sets/new");

    const candidates = await searchNearFirstListing(page);
    const [anchor] = await portfolioOf("owner");
    await expect(page.getByText(new RegExp(`^\\d+ candidates within 5 km of`))).toBeVisible();
    // The listing searched around is the reference row on top, for comparing, not for picking.
    const reference = page.getByTestId("candidate-results").locator("tbody tr").first();
    await expect(reference).toHaveAttribute("data-reference", "true");
    await expect(reference).toContainText(anchor!.name);
    await expect(reference).toContainText("Searched around: for reference");
    expect(await page.getByRole("checkbox", { name: /^Select (?!every)/ }).count()).toBe(candidates.length);

    // Unknown metrics read "unknown", never 0.
    await page.getByRole("radio", { name: "Past 365 days" }).click();
    const unknown = candidates.find(
      (c) => c.adr_365_0 === null && distinctNearest(candidates, 100).includes(c),
    );
    expect(unknown).toBeDefined();
    const unknownRow = page
      .getByRole("row")
      .filter({ has: page.getByRole("checkbox", { name: `Select ${unknown!.name}`, exact: true }) });
    await expect(unknownRow.getByText("unknown").first()).toBeVisible();
    // Amenities are chips: the first few, then a button for the rest.
    const chips = unknownRow.getByRole("list", { name: "Amenities" });
    await expect(chips.getByRole("listitem").first()).toHaveText(amenityLabel(unknown!.amenities[0]!));

    const picks = distinctNearest(candidates, 3);
    for (const pick of picks)
      await page.getByRole("checkbox", { name: `Select ${pick.name}`, exact: true }).check();
    await expect(page.getByText("3 listings selected")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // No name yet: refused on the page, the selection kept.
    await page.getByRole("button", { name: "Create set" }).click();
    await expect(page.getByText("Give the set a name.")).toBeVisible();
    await expect(page.getByText("3 listings selected")).toBeVisible();

    await page.getByLabel(/^Name/).fill("Mueller comps (e2e)");
    await page.getByLabel(/^Kind/).fill("competitors");
    // Offered, checked: the listing searched around becomes the set's associated listing.
    await expect(
      page.getByRole("checkbox", { name: `Associate ${anchor!.name} with this set` }),
    ).toBeChecked();
    await page.getByRole("button", { name: "Create set" }).click();
    await page.waitForURL(/\/sets\/set_[0-9a-f]+$/);

    const id = new URL(page.url()).pathname.split("/").at(-1)!;
    const created = await svcGet<SetRecord>(`/sets/${id}`);
    expect(created).toMatchObject({
      name: "Mueller comps (e2e)",
      kind: "competitors",
      is_paid: false,
      member_count: 3,
    });
    const members = await svcGet<MembersByStatus>(`/sets/${id}/listings`);
    expect(members.active.map((m) => m.listing_id).sort()).toEqual(picks.map((p) => p.listing_id).sort());
    const associated = await svcGet<Array<{ svc_id: string }>>(`/sets/${id}/associated_listings`);
    expect(associated.map((l) => l.svc_id)).toEqual([anchor!.svc_id]);
  });

  test("an ineligible pick is named in a sentence; name, kind and selection stay", async ({ page }) => {
    // The reference service offers eligible candidates only and eligibility never changes, so a
    // candidate that turned ineligible after the search is simulated: one id of the real answer
    // is replaced by one the service does not hold as a candidate. The create and its 422 are real.
    const NOT_A_CANDIDATE = "9999999999";
    let swapped: string | null = null;
    await page.route("**/api/svc/sets/candidates?**", async (route) => {
      const response = await route.fetch();
      const rows = (await response.json()) as CandidateListing[];
      if (rows[0]) {
        swapped = rows[0].name;
        rows[0] = { ...rows[0], listing_id: NOT_A_CANDIDATE };
      }
      await route.fulfill({ response, json: rows });
    });
    const before = await svcGet<SetRecord[]>("/sets?per_page=100");

    await withSessionOf(page, "owner");
    await page.goto("/sets/new");
    const candidates = await searchNearFirstListing(page);
    expect(swapped).toBe(candidates[0]!.name);
    const other = distinctNearest(candidates, 5).find((c) => c.listing_id !== candidates[0]!.listing_id)!;
    await page.getByRole("checkbox", { name: `Select ${other.name}`, exact: true }).check();
    await page
      .getByRole("checkbox", { name: `Select ${swapped}`, exact: true })
      .first()
      .check();
    await page.getByLabel(/^Name/).fill("Will be refused");
    await page.getByLabel(/^Kind/).fill("luxury");
    await page.getByRole("button", { name: "Create set" }).click();

    const alert = page.getByRole("alert").filter({ hasText: "not an eligible comparison candidate" });
    await expect(alert).toContainText(`“${swapped}” is not an eligible comparison candidate`);
    await expect(page).toHaveURL(/\/sets\/new$/);
    await expect(page.getByLabel(/^Name/)).toHaveValue("Will be refused");
    await expect(page.getByLabel(/^Kind/)).toHaveValue("luxury");
    await expect(page.getByText("2 listings selected")).toBeVisible();
    expect((await svcGet<SetRecord[]>("/sets?per_page=100")).length).toBe(before.length);

    await alert.getByRole("button", { name: "Unselect it" }).click();
    await expect(page.getByText("1 listing selected")).toBeVisible();
    await page.getByRole("button", { name: "Create set" }).click();
    await page.waitForURL(/\/sets\/set_[0-9a-f]+$/);
    const id = new URL(page.url()).pathname.split("/").at(-1)!;
    const members = await svcGet<MembersByStatus>(`/sets/${id}/listings`);
    expect(members.active.map((m) => m.listing_id)).toEqual([other.listing_id]);
  });
});
