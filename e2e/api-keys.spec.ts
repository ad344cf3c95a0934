import type { Page } from "@playwright/test";
import type { ApiKey } from "../lib/svc/schemas/api-keys";
import { expect, keyOf, SANDBOX, seriousViolations, test, withSessionOf } from "./fixtures";

const LIMIT_MESSAGE =
  "You hold 5 active keys, the most one user may hold. Revoke one to create another. The assistant key doesn't count.";
const READ_ONLY_REASON = "Your session uses a read-only key, which cannot create or revoke keys.";

/** The owner's keys as the service itself lists them. */
async function keysOf(key: string): Promise<ApiKey[]> {
  const response = await fetch(`${SANDBOX}/api_keys`, { headers: { "x-api-key": key } });
  expect(response.status).toBe(200);
  return (await response.json()) as ApiKey[];
}

const statusWith = async (key: string) =>
  (await fetch(`${SANDBOX}/listings`, { headers: { "x-api-key": key } })).status;

async function openKeysPage(page: Page) {
  await page.goto("/api-keys");
  await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
  await expect(page.getByRole("table", { name: "Active keys" })).toBeVisible();
}

const activeTable = (page: Page) => page.getByRole("table", { name: "Active keys" });
const keyRow = (page: Page, name: string) =>
  activeTable(page)
    .getByRole("row")
    .filter({ has: page.getByText(name, { exact: true }) });

/** Creates a key through the dialog; returns the key the dialog showed, still open. */
async function createThroughDialog(page: Page, name: string, readOnly = false) {
  await page.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog", { name: "Create an API key" });
  await dialog.getByLabel("Name").fill(name);
  if (readOnly) await dialog.getByRole("checkbox", { name: "Read-only" }).check();
  await dialog.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByRole("dialog", { name: "Copy your new API key" });
  const field = shown.getByRole("textbox", { name: "Your new API key" });
  await expect(field).toHaveValue(/^sk_live_/);
  return { dialog: shown, key: await field.inputValue() };
}

test.describe("api keys", () => {
  test("the owner sees its seeded keys with name, kind and last four", async ({ page }) => {
    const seeded = await keysOf(await keyOf("owner"));
    expect(seeded).toHaveLength(3);
    await withSessionOf(page, "owner");
    await openKeysPage(page);

    const kinds = {
      standard: "Standard",
      read_only: "Read-only",
      channel_integration: "Channel integration",
    };
    for (const key of seeded) {
      const row = keyRow(page, key.name);
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(kinds[key.kind as keyof typeof kinds]);
      await expect(row).toContainText(key.last4);
      if (key.last_used_at === null) await expect(row).toContainText("Never");
    }
    await expect(page.getByText("3 of 5 active keys in use")).toBeVisible();
    // The persona signs in with its standard key, "Dashboard".
    await expect(keyRow(page, "Dashboard").getByText("This session")).toBeVisible();
    await expect(page.getByText("This session")).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Create key" })).toBeEnabled();
  });

  test("creating a key shows it once, it works, and it is gone once the dialog closes", async ({ page }) => {
    await withSessionOf(page, "owner");
    await openKeysPage(page);

    const { dialog, key } = await createThroughDialog(page, "Pricing spreadsheet");
    await expect(dialog).toContainText("It cannot be shown again.");
    await dialog.getByRole("button", { name: "Copy" }).click();
    await expect(dialog.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    expect(await statusWith(key)).toBe(200);

    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const row = keyRow(page, "Pricing spreadsheet");
    await expect(row).toContainText("Standard");
    await expect(row).toContainText(key.slice(-4));
    await expect(page.getByRole("button", { name: "Create key" })).toBeEnabled();
    expect(await page.content()).not.toContain(key);
    await expect(page.getByText("4 of 5 active keys in use")).toBeVisible();
  });

  test("a read-only key can be created, and it cannot change anything", async ({ page }) => {
    await withSessionOf(page, "owner");
    await openKeysPage(page);
    const { dialog, key } = await createThroughDialog(page, "Board report", true);
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(keyRow(page, "Board report")).toContainText("Read-only");
    const write = await fetch(`${SANDBOX}/api_keys`, {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: JSON.stringify({ name: "nope" }),
    });
    expect(write.status).toBe(403);
  });

  test("the sixth key shows the limit message", async ({ page }) => {
    await withSessionOf(page, "owner");
    await openKeysPage(page);
    await expect(page.getByText("3 of 5 active keys in use")).toBeVisible();

    for (const name of ["Fourth key", "Fifth key"]) {
      const { dialog } = await createThroughDialog(page, name);
      await dialog.getByRole("button", { name: "Done" }).click();
      await expect(keyRow(page, name)).toHaveCount(1);
    }
    await expect(page.getByText("5 of 5 active keys in use")).toBeVisible();
    await expect(page.getByRole("button", { name: "Create key" })).toBeDisabled();
    await expect(page.getByText(LIMIT_MESSAGE)).toBeVisible();
    // The service agrees: a sixth is refused.
    const sixth = await fetch(`${SANDBOX}/api_keys`, {
      method: "POST",
      headers: { "x-api-key": await keyOf("owner"), "content-type": "application/json" },
      body: JSON.stringify({ name: "Sixth" }),
    });
    expect(sixth.status).toBe(422);
  });

  test("a limit the page did not know of is explained next to the form, the name kept", async ({ page }) => {
    await withSessionOf(page, "owner");
    await openKeysPage(page);
    // Two keys created elsewhere while the page shows three.
    for (const name of ["Elsewhere 1", "Elsewhere 2"]) {
      const response = await fetch(`${SANDBOX}/api_keys`, {
        method: "POST",
        headers: { "x-api-key": await keyOf("owner"), "content-type": "application/json" },
        body: JSON.stringify({ name }),
      });
      expect(response.status).toBe(201);
    }
    await page.getByRole("button", { name: "Create key" }).click();
    const dialog = page.getByRole("dialog", { name: "Create an API key" });
    await dialog.getByLabel("Name").fill("One too many");
    await dialog.getByRole("button", { name: "Create key" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(LIMIT_MESSAGE);
    await expect(dialog.getByLabel("Name")).toHaveValue("One too many");
  });

  test("revoking this session's key warns, then signs the dashboard out", async ({ page }) => {
    const ownKey = await keyOf("owner");
    await withSessionOf(page, "owner");
    await openKeysPage(page);
    await keyRow(page, "Dashboard")
      .getByRole("button", { name: /^Revoke/ })
      .click();
    const confirm = page.getByRole("alertdialog", { name: "Revoke “Dashboard”?" });
    await expect(confirm).toContainText("This dashboard session uses this key.");
    await confirm.getByRole("button", { name: "Revoke and sign out" }).click();
    await page.waitForURL(/\/sign-in$/);
    expect(await statusWith(ownKey)).toBe(401);
    await page.goto("/api-keys");
    await expect(page).toHaveURL(/\/sign-in/);
  });

  test("a read-only key's session cannot create or revoke keys and is told why", async ({ page }) => {
    const readOnly = await keyOf("owner", "read_only");
    await page.goto("/sign-in");
    await page.getByLabel("API key").fill(readOnly);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await openKeysPage(page);

    await expect(page.getByText(READ_ONLY_REASON)).toBeVisible();
    await expect(page.getByRole("button", { name: "Create key" })).toBeDisabled();
    const revokes = activeTable(page).getByRole("button", { name: /^Revoke/ });
    await expect(revokes).toHaveCount(3);
    for (const button of await revokes.all()) await expect(button).toBeDisabled();
    await expect(keyRow(page, "Reporting (read-only)").getByText("This session")).toBeVisible();
  });

  test("axe finds no serious or critical violation on api keys", async ({ page }) => {
    await withSessionOf(page, "owner");
    await openKeysPage(page);
    expect(await seriousViolations(page)).toEqual([]);
    await createThroughDialog(page, "Axe check");
    expect(await seriousViolations(page)).toEqual([]);
  });
});
