// `npm run screenshots`: the README's screenshots, from a running `npm start` (BASE_URL).
import { chromium, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./find-chromium.mjs";

const base = process.env.BASE_URL ?? "http://localhost:3000";
const executablePath = findChromium();
if (!executablePath) throw new Error("No Chromium found; see README.");

const browser = await chromium.launch({
  executablePath,
  args: CHROMIUM_ARGS,
});

async function as(persona: string | null, shoot: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto(`${base}/sign-in`);
  if (persona) {
    await page.getByRole("button", { name: `Sign in as ${persona}`, exact: true }).click();
    await page.waitForURL("**/listings");
    await page.locator('[data-testid="portfolio"][data-state="ready"]').waitFor();
  }
  await shoot(page);
  await context.close();
}

await as(null, (page) => page.screenshot({ path: "docs/screenshots/sign-in.png" }).then(() => undefined));
await as("owner", (page) =>
  page.screenshot({ path: "docs/screenshots/listings-owner.png" }).then(() => undefined),
);
await as("viewer", async (page) => {
  await page.getByRole("note").first().focus();
  await page.getByRole("tooltip").waitFor();
  await page.screenshot({ path: "docs/screenshots/listings-viewer.png" });
});
await as("owner", async (page) => {
  await page.goto(`${base}/usage`);
  await page.locator('[data-state="ready"]').first().waitFor();
  await page.screenshot({ path: "docs/screenshots/usage.png", fullPage: true });
});
await as("owner", async (page) => {
  await page.goto(`${base}/api-keys`);
  await page.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog", { name: "Create an API key" });
  await dialog.getByLabel("Name").fill("Pricing spreadsheet");
  await dialog.getByRole("button", { name: "Create key" }).click();
  await page.getByText("This is the only time the key is shown.").waitFor();
  await page.screenshot({ path: "docs/screenshots/api-keys.png" });
});
await browser.close();
console.log("Screenshots written to docs/screenshots/.");
