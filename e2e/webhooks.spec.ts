import { createServer as createHttpServer, type Server } from "node:http";
import { formatUtc } from "../lib/format/times";
import type { WebhookSubscription } from "../lib/svc/schemas/webhooks";
import { expect, keyOf, SANDBOX, seriousViolations, test, withSessionOf } from "./fixtures";
import {
  LIMIT_MESSAGE,
  READ_ONLY_REASON,
  advanceClock,
  alignToWindow,
  api,
  card,
  closedPortUrl,
  flagOwnerListing,
  openWebhooksPage,
  signInWithKey,
  subscribe,
} from "./webhooks-support";

test.describe("webhooks", () => {
  test("a subscription is created from the form; a public http URL is refused in the service's words", async ({
    page,
  }) => {
    const url = await closedPortUrl();
    await withSessionOf(page, "owner");
    await openWebhooksPage(page);
    await expect(page.getByText("No webhook subscriptions.")).toBeVisible();

    await page.getByRole("button", { name: "Add subscription" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a webhook subscription" });
    await expect(dialog.getByText(/It must start with https:\/\//)).toBeVisible();
    await dialog.getByLabel("Endpoint URL").fill("http://example.com/hooks");
    await dialog.getByRole("checkbox", { name: /Flags detected/ }).check();
    await dialog.getByRole("checkbox", { name: /Reservations ingested/ }).check();
    await expect(dialog.getByText(/A listing gained a flag it did not have/)).toBeVisible();
    await dialog.getByRole("button", { name: "Add subscription" }).click();
    await expect(
      dialog.getByText(
        "The endpoint must use https (plain http is accepted only to a loopback host by the reference service).",
      ),
    ).toBeVisible();
    // Nothing typed is lost.
    await expect(dialog.getByLabel("Endpoint URL")).toHaveValue("http://example.com/hooks");
    await expect(dialog.getByRole("checkbox", { name: /Flags detected/ })).toBeChecked();
    expect(await api<WebhookSubscription[]>("GET", "/webhooks")).toEqual([]);

    await dialog.getByLabel("Endpoint URL").fill(url);
    await dialog.getByRole("button", { name: "Add subscription" }).click();
    const shown = page.getByRole("dialog", { name: "Copy the signing secret" });
    await expect(shown).toContainText("It cannot be read back.");
    const field = shown.getByRole("textbox", { name: "Signing secret" });
    await expect(field).toHaveValue(/^whsec_[0-9a-f]{64}$/);
    const secret = await field.inputValue();
    await shown.getByRole("button", { name: "Copy" }).click();
    await expect(shown.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    // A stray click outside does not lose it.
    await page.mouse.click(5, 5);
    await expect(shown).toBeVisible();

    await shown.getByRole("button", { name: "Done" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const row = card(page, url);
    await expect(row).toContainText("Enabled");
    await expect(row).toContainText("Reservations ingested");
    await expect(row).toContainText("Flags detected");
    await expect(row).toContainText("None yet");
    await expect(page.getByText("1 of 10 subscriptions in use")).toBeVisible();
    expect(await page.content()).not.toContain(secret);

    const [stored] = await api<WebhookSubscription[]>("GET", "/webhooks");
    expect(stored).toMatchObject({ url, event_types: ["reservations.ingested", "flags.detected"] });
  });

  test("rotating asks first, then shows a new secret once", async ({ page }) => {
    const url = await closedPortUrl();
    const created = await subscribe(url);
    await withSessionOf(page, "owner");
    await openWebhooksPage(page);

    const rotate = card(page, url).getByRole("button", { name: /^Rotate the secret/ });
    await rotate.click();
    const confirm = page.getByRole("dialog", { name: "Rotate the signing secret?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(rotate).toBeFocused();

    await page.keyboard.press("Enter");
    await confirm.getByRole("button", { name: "Rotate secret" }).click();
    const shown = page.getByRole("dialog", { name: "Copy the new signing secret" });
    const field = shown.getByRole("textbox", { name: "Signing secret" });
    await expect(field).toHaveValue(/^whsec_/);
    const secret = await field.inputValue();
    expect(secret).not.toBe(created.secret);
    await expect(shown).toContainText("It cannot be read back.");
    await shown.getByRole("button", { name: "Done" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(await page.content()).not.toContain(secret);
  });

  test("editing changes the event types; the service agrees", async ({ page }) => {
    const url = await closedPortUrl();
    const created = await subscribe(url, ["flags.detected"]);
    await withSessionOf(page, "owner");
    await openWebhooksPage(page);

    await card(page, url).getByRole("button", { name: /^Edit/ }).click();
    const dialog = page.getByRole("dialog", { name: "Edit the subscription" });
    await expect(dialog.getByLabel("Endpoint URL")).toHaveValue(url);
    await dialog.getByRole("checkbox", { name: /Flags detected/ }).uncheck();
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(dialog.getByText("Choose at least one event type")).toBeVisible();
    await dialog.getByRole("checkbox", { name: /Recommendations updated/ }).check();
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card(page, url)).toContainText("Recommendations updated");
    await expect(card(page, url)).not.toContainText("Flags detected");

    const stored = await api<WebhookSubscription>("GET", `/webhooks/${created.id}`);
    expect(stored.event_types).toEqual(["recommendations.updated"]);
  });

  test("deliveries show each attempt: a refused one with its error, the retry pending, an HTML answer as text", async ({
    page,
  }) => {
    const refused = await closedPortUrl();
    const html = "<h1 id='injected'>Thanks</h1><script>window.__pwned = true</script>";
    const receiver: Server = createHttpServer((request, response) => {
      request.resume();
      request.on("end", () => response.writeHead(200, { "content-type": "text/html" }).end(html));
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const answering = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;
    try {
      await subscribe(refused);
      await subscribe(answering);
      await alignToWindow();
      await flagOwnerListing("e2e_deliveries");
      await advanceClock(300); // the window closes: attempt 1 goes out, attempt 2 is due in 30 s

      await withSessionOf(page, "owner");
      await openWebhooksPage(page);
      const failing = card(page, refused);
      await expect(failing).toContainText(/Failed,/);
      await expect(failing).toContainText("Attempt 2 due");
      await failing.getByRole("button", { name: /Show deliveries/ }).click();
      const table = failing.getByRole("table", { name: `Deliveries to ${refused}` });
      const rows = table.getByRole("row");
      await expect(rows).toHaveCount(3); // header, pending attempt 2, failed attempt 1
      await expect(rows.nth(1)).toContainText("2 of 7");
      await expect(rows.nth(1)).toContainText("Pending");
      await expect(rows.nth(1)).toContainText("Not sent yet");
      await expect(rows.nth(2)).toContainText("1 of 7");
      await expect(rows.nth(2)).toContainText("Failed");
      await expect(rows.nth(2)).toContainText("connection refused");
      await expect(rows.nth(2)).toContainText("Flags detected");
      // Every time says its zone: the table's short form, the year and exact moment on hover.
      const attempted = rows.nth(2).locator("time").first();
      await expect(attempted).toHaveText(/^\d{1,2} \w{3}, \d\d:\d\d:\d\d UTC$/);
      const at = (await attempted.getAttribute("datetime"))!;
      await expect(attempted).toHaveAttribute("title", formatUtc(at));
      await expect(failing).toContainText(/Failed, \d{1,2} \w{3} \d{4}, \d\d:\d\d:\d\d UTC/);

      const ok = card(page, answering);
      await expect(ok).toContainText(/Succeeded \(HTTP 200\)/);
      await ok.getByRole("button", { name: /Show deliveries/ }).click();
      const okRow = ok.getByRole("table").getByRole("row").nth(1);
      await expect(okRow).toContainText("Succeeded");
      await expect(okRow).toContainText("HTTP 200");
      await expect(okRow).toContainText(/\d[\d,.]* ms/); // a latency stays in ms, whatever its size
      await expect(okRow.locator("pre")).toHaveText(html);
      await expect(page.locator("#injected")).toHaveCount(0);
      expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();

      // The next retry, then Refresh: one more failed attempt, the third one waiting.
      await advanceClock(31);
      await page.getByRole("button", { name: "Refresh" }).click();
      await expect(rows).toHaveCount(4);
      await expect(rows.nth(1)).toContainText("3 of 7");
      await expect(rows.nth(2)).toContainText("2 of 7");
      await expect(rows.nth(2)).toContainText("connection refused");
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  test("a subscription disabled by repeated failures says why and can be re-enabled", async ({ page }) => {
    const url = await closedPortUrl();
    const created = await subscribe(url);
    // Three deliveries in three windows, each exhausting its seven attempts (about 19.5 minutes).
    for (let i = 0; i < 3; i += 1) {
      await flagOwnerListing(`e2e_disable_${i}`, i);
      await advanceClock(300);
    }
    await advanceClock(1200);
    expect(await api<WebhookSubscription>("GET", `/webhooks/${created.id}`)).toMatchObject({
      status: "disabled",
      disabled_reason: "repeated_failures",
    });

    await withSessionOf(page, "owner");
    await openWebhooksPage(page);
    const row = card(page, url);
    await expect(row).toContainText("Disabled after repeated delivery failures");
    await expect(row.getByRole("definition").filter({ hasText: /^3$/ })).toHaveCount(1);
    await row.getByRole("button", { name: /^Re-enable/ }).click();
    await expect(row).toContainText("Enabled");
    await expect(row).not.toContainText("Disabled after repeated delivery failures");
    await expect(row.getByRole("button", { name: /^Re-enable/ })).toHaveCount(0);
    expect(await api<WebhookSubscription>("GET", `/webhooks/${created.id}`)).toMatchObject({
      status: "enabled",
      disabled_reason: null,
      consecutive_failures: 0,
    });
  });

  test("deleting asks first, from the keyboard too, and the service forgets it", async ({ page }) => {
    const url = await closedPortUrl();
    const created = await subscribe(url);
    await withSessionOf(page, "owner");
    await openWebhooksPage(page);

    const remove = card(page, url).getByRole("button", { name: /^Delete/ });
    await remove.focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("alertdialog", { name: "Delete this subscription?" });
    await expect(confirm).toContainText(url);
    await page.keyboard.press("Escape");
    await expect(confirm).toHaveCount(0);
    await expect(remove).toBeFocused();
    expect(await api<WebhookSubscription[]>("GET", "/webhooks")).toHaveLength(1);

    await page.keyboard.press("Enter");
    await confirm.getByRole("button", { name: "Delete subscription" }).click();
    await expect(card(page, url)).toHaveCount(0);
    await expect(page.getByText("No webhook subscriptions.")).toBeVisible();
    const gone = await fetch(`${SANDBOX}/webhooks/${created.id}`, {
      headers: { "x-api-key": await keyOf("owner") },
    });
    expect(gone.status).toBe(404);
  });

  test("the tenth subscription is the last: the limit is explained, before and after a refusal", async ({
    page,
  }) => {
    for (let i = 0; i < 9; i += 1) await subscribe(`https://hooks.example.com/${i}`);
    await withSessionOf(page, "owner");
    await openWebhooksPage(page);
    await expect(page.getByText("9 of 10 subscriptions in use")).toBeVisible();

    // A tenth made elsewhere while the page shows nine: the service refuses the form's.
    await subscribe("https://hooks.example.com/elsewhere");
    await page.getByRole("button", { name: "Add subscription" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a webhook subscription" });
    await dialog.getByLabel("Endpoint URL").fill("https://hooks.example.com/one-too-many");
    await dialog.getByRole("checkbox", { name: /Flags detected/ }).check();
    await dialog.getByRole("button", { name: "Add subscription" }).click();
    await expect(dialog.getByRole("alert").filter({ hasText: LIMIT_MESSAGE })).toBeVisible();
    await expect(dialog.getByLabel("Endpoint URL")).toHaveValue("https://hooks.example.com/one-too-many");

    await dialog.getByRole("button", { name: "Cancel" }).click();
    await page.reload();
    await expect(page.getByText("10 of 10 subscriptions in use")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add subscription" })).toBeDisabled();
    await expect(page.getByRole("note").filter({ hasText: LIMIT_MESSAGE })).toBeVisible();
  });

  test("a read-only session is told why it cannot change subscriptions, and every action is disabled", async ({
    page,
  }) => {
    const url = await closedPortUrl();
    await subscribe(url);
    await signInWithKey(page, await keyOf("owner", "read_only"));
    await openWebhooksPage(page);

    await expect(page.getByRole("note").filter({ hasText: READ_ONLY_REASON })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add subscription" })).toBeDisabled();
    const row = card(page, url);
    for (const name of [/^Edit/, /^Rotate the secret/, /^Delete/]) {
      await expect(row.getByRole("button", { name })).toBeDisabled();
    }
    // Reading is still allowed.
    await row.getByRole("button", { name: /Show deliveries/ }).click();
    await expect(row.getByText("No deliveries yet.")).toBeVisible();
  });

  test("axe finds no serious or critical violation on webhooks", async ({ page }) => {
    await withSessionOf(page, "owner");
    await openWebhooksPage(page);
    expect(await seriousViolations(page)).toEqual([]);

    const url = await closedPortUrl();
    await subscribe(url);
    await flagOwnerListing("e2e_axe");
    await advanceClock(301);
    await page.getByRole("button", { name: "Refresh" }).click();
    await card(page, url)
      .getByRole("button", { name: /Show deliveries/ })
      .click();
    await expect(card(page, url).getByRole("table")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Add subscription" }).click();
    await expect(page.getByRole("dialog", { name: "Add a webhook subscription" })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: /Flags detected/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const dialog = page.getByRole("dialog", { name: "Add a webhook subscription" });
    await dialog.getByLabel("Endpoint URL").fill(await closedPortUrl());
    await dialog.getByRole("checkbox", { name: /Flags detected/ }).check();
    await dialog.getByRole("button", { name: "Add subscription" }).click();
    await expect(page.getByRole("dialog", { name: "Copy the signing secret" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
