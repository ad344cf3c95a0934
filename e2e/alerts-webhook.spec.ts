import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { expect, seriousViolations, test, withSessionOf } from "./fixtures";

/**
 * The alerts webhook page in a browser, against the dashboard's own worker: an endpoint on a
 * loopback receiver started here (a free port the system picks), its secret shown once on
 * rotate, a test sent and checked by the receiver with the standardwebhooks library, and the
 * attempt listed. The dashboard's store outlives a run, so the endpoint may be there already:
 * the secret used is always the one the rotation just showed.
 */
test("alerts webhook: an endpoint is saved, its secret rotated and shown once, a signed test delivered and listed", async ({
  page,
}) => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "text/plain" }).end("received");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  try {
    await withSessionOf(page, "owner");
    await page.goto("/alerts/webhook");
    await expect(page.getByRole("heading", { name: "Alerts webhook", level: 1 })).toBeVisible();
    const url = page.getByRole("textbox", { name: "Endpoint URL" });
    await url.fill("http://example.com/hooks");
    await page.getByRole("button", { name: /^Save/ }).click();
    await expect(url).toHaveAccessibleDescription(/The URL must start with https:\/\//);

    await url.fill(endpoint);
    await page.getByRole("button", { name: /^Save/ }).click();
    const secretField = page.getByRole("textbox", { name: "Signing secret" });
    await expect(secretField.or(page.getByText("The endpoint is saved."))).toBeVisible();
    if (await secretField.isVisible()) await page.getByRole("button", { name: "Done" }).click();

    await page.getByRole("button", { name: "Rotate secret" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Rotate the signing secret?" });
    await confirm.getByRole("button", { name: "Rotate secret" }).click();
    await expect(secretField).toBeVisible();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^whsec_/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Done" }).click();
    await expect(secretField).toHaveCount(0);

    await page.getByRole("button", { name: "Send a test" }).click();
    await expect(page.getByText("The test was delivered: your endpoint answered HTTP 200.")).toBeVisible();
    const got = received.at(-1)!;
    const headers = {
      "webhook-id": String(got.headers["webhook-id"]),
      "webhook-timestamp": String(got.headers["webhook-timestamp"]),
      "webhook-signature": String(got.headers["webhook-signature"]),
    };
    expect(new Webhook(secret).verify(got.body, headers)).toMatchObject({ type: "alert.test" });

    const card = page.getByRole("article", { name: "Test" }).first();
    await expect(card.getByText(headers["webhook-id"], { exact: true })).toBeVisible();
    await expect(card.getByRole("row").nth(1)).toContainText("HTTP 200");
    await expect(card.getByRole("row").nth(1)).toContainText("received");
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});
