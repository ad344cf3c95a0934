import {
  expect,
  keyOf,
  portfolioOf,
  rowOf,
  SANDBOX,
  seriousViolations,
  signInAs,
  sortColumn,
  test,
} from "./fixtures";

test.describe("listings", () => {
  test("the owner sees the seeded portfolio, hidden listings left out", async ({ page }) => {
    const portfolio = await portfolioOf("owner");
    const visible = portfolio.filter((l) => !l.is_hidden);
    const hidden = portfolio.filter((l) => l.is_hidden);
    expect(hidden.length).toBeGreaterThan(0);

    await signInAs(page, "owner");
    await expect(
      page.getByText(`${visible.length} listings · ${hidden.length} hidden not shown`),
    ).toBeVisible();
    const firstPage = [...visible].slice(0, 25);
    for (const listing of firstPage.slice(0, 5)) {
      await expect(rowOf(page, listing)).toHaveCount(1);
    }
    await expect(rowOf(page, hidden[0]!)).toHaveCount(0);
  });

  test("the hidden toggle shows and hides listings hidden in the service's app", async ({ page }) => {
    const portfolio = await portfolioOf("owner");
    const hidden = portfolio.filter((l) => l.is_hidden);
    await signInAs(page, "owner");

    await page.getByRole("switch", { name: "Show hidden listings" }).click();
    await expect(page).toHaveURL(/hidden=true/);
    await expect(page.getByText(`${portfolio.length} listings`, { exact: true })).toBeVisible();
    // All hidden listings are among the rows on some page; sort by status to bring them up.
    const status = page.getByRole("columnheader", { name: /Status/ });
    await sortColumn(status, "descending");
    await expect(rowOf(page, hidden[0]!)).toHaveCount(1);
    await expect(rowOf(page, hidden[0]!).getByText("Hidden")).toBeVisible();

    await page.getByRole("switch", { name: "Show hidden listings" }).click();
    await expect(rowOf(page, hidden[0]!)).toHaveCount(0);
  });

  test("pages of 25 rows, with the page number in the URL", async ({ page }) => {
    const visible = (await portfolioOf("owner")).filter((l) => !l.is_hidden);
    expect(visible.length).toBeGreaterThan(25);
    await signInAs(page, "owner");
    await expect(page.getByText(`Page 1 of ${Math.ceil(visible.length / 25)}`)).toBeVisible();
    await expect(page.getByRole("row")).toHaveCount(26);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole("row")).toHaveCount(1 + visible.length - 25);
  });

  test("managed listings and the owner filter narrow an editor's portfolio", async ({ page }) => {
    const all = await portfolioOf("editor");
    const own = all.filter((l) => l.access_level === "owner");
    const owners = all.filter((l) => l.access_level !== "owner");
    await signInAs(page, "editor");
    await expect(rowOf(page, owners[0]!)).toHaveCount(1);

    await page.getByRole("switch", { name: "Include managed listings" }).click();
    await expect(
      page.getByText(`${own.filter((l) => !l.is_hidden).length} listing`, { exact: false }).first(),
    ).toBeVisible();
    await expect(rowOf(page, owners[0]!)).toHaveCount(0);
    await expect(rowOf(page, own[0]!)).toHaveCount(1);

    await page.getByRole("switch", { name: "Include managed listings" }).click();
    const ownerName = `${owners[0]!.owner_user.first_name} ${owners[0]!.owner_user.last_name}`;
    await page.getByLabel("Owner").selectOption({ label: ownerName });
    await expect(page).toHaveURL(/owner=/);
    await expect(rowOf(page, own[0]!)).toHaveCount(0);
    await expect(rowOf(page, owners[0]!)).toHaveCount(1);
  });

  test("the viewer persona sees read-only affordances with the reason", async ({ page }) => {
    const all = await portfolioOf("viewer");
    const shared = all.find((l) => l.access_level === "viewer" && !l.is_hidden)!;
    const own = all.find((l) => l.access_level === "owner" && !l.is_hidden)!;
    await signInAs(page, "viewer");

    const sharedRow = rowOf(page, shared);
    await expect(sharedRow.getByText("Viewer")).toBeVisible();
    await expect(sharedRow.getByText("read only", { exact: false }).first()).toBeVisible();
    await expect(sharedRow.getByRole("button", { name: /Edit tags/ })).toHaveCount(0);
    await sharedRow.getByRole("note").focus();
    await expect(page.getByRole("tooltip")).toContainText("Viewers have read-only access");
    // The viewer's own listing stays editable.
    await page.getByRole("switch", { name: "Include managed listings" }).click();
    await expect(rowOf(page, own).getByRole("button", { name: /^Edit tags of/ })).toBeVisible();
  });

  test("a restricted editor is told why tags cannot be changed", async ({ page }) => {
    const shared = (await portfolioOf("restricted_editor")).find(
      (l) => l.access_level === "restricted_editor" && !l.is_hidden,
    )!;
    await signInAs(page, "restricted_editor");
    const row = rowOf(page, shared);
    await row.getByRole("note").focus();
    await expect(page.getByRole("tooltip")).toContainText("Restricted editors cannot change tags.");
  });

  test("the owner edits a listing's tags and the service keeps them", async ({ page }) => {
    const listing = (await portfolioOf("owner")).find((l) => !l.is_hidden)!;
    await signInAs(page, "owner");
    await page.getByRole("button", { name: new RegExp(`^Edit tags of .* #${listing.id}\\)$`) }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Tags").fill("beachfront, family, beachfront");
    await dialog.getByRole("button", { name: "Save tags" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(rowOf(page, listing).getByText("beachfront")).toBeVisible();

    const stored = await fetch(`${SANDBOX}/listings/${listing.svc_id}/tags?channel=svc`, {
      headers: { "x-api-key": await keyOf("owner") },
    }).then((r) => r.json());
    expect(stored.tags).toEqual(["beachfront", "family"]);
  });

  test("the header shows the request budget the service reported", async ({ page }) => {
    await signInAs(page, "owner");
    await expect(page.getByText(/API budget: \d+ of 120 this minute/)).toBeVisible();
    await expect(page.getByRole("meter", { name: "Requests left this minute" })).toBeVisible();
  });

  test("every section in the navigation opens its own page, none a placeholder", async ({ page }) => {
    await signInAs(page, "owner");
    const nav = page.getByRole("navigation", { name: "Sections" });
    const labels = await nav.getByRole("link").allTextContents();
    expect(labels.length).toBeGreaterThanOrEqual(10);
    for (const label of labels) {
      await nav.getByRole("link", { name: label, exact: true }).click();
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expect(page.getByText(/not built yet/i)).toHaveCount(0);
    }
  });

  test("axe finds no serious or critical violation on listings", async ({ page }) => {
    await signInAs(page, "owner");
    expect(await seriousViolations(page)).toEqual([]);
  });
});
