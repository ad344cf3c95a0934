import { E2E_LIMITED_RATE_LIMIT } from "../playwright.config";
import { expect, keyOf, LIMITED_DASHBOARD, LIMITED_SANDBOX, resetSandbox, signInAs, test } from "./fixtures";

/** Moves the service clock so that the current rate window ends in about `seconds`. */
async function windowEndsIn(seconds: number, key: string) {
  const probe = await fetch(`${LIMITED_SANDBOX}/listings?per_page=1`, { headers: { "x-api-key": key } });
  const reset = Number(probe.headers.get("x-ratelimit-reset"));
  const { now } = (await (await fetch(`${LIMITED_SANDBOX}/_sandbox/clock`)).json()) as { now: string };
  const left = reset - Math.floor(Date.parse(now) / 1000);
  // A window about to end could roll over while the budget is being spent: then move on to
  // the next window (60 s long) and into it until it, too, ends in `seconds`.
  const advance = left >= seconds ? left - seconds : left + 60 - seconds;
  if (advance > 0) {
    await fetch(`${LIMITED_SANDBOX}/_sandbox/clock`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ advance_seconds: advance }),
    });
  }
}

/** Spends the rest of the key's budget for this window, directly at the service. */
async function exhaust(key: string) {
  for (let i = 0; i <= E2E_LIMITED_RATE_LIMIT; i += 1) {
    const response = await fetch(`${LIMITED_SANDBOX}/api_keys`, { headers: { "x-api-key": key } });
    if (response.status === 429) return;
  }
  throw new Error("the budget did not run out");
}

test.describe("rate-limit headroom", () => {
  test.beforeEach(() => resetSandbox(LIMITED_SANDBOX));
  test("a 429 shows the countdown, waits Retry-After, retries once and ends with data shown", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const key = await keyOf("owner", "standard", LIMITED_SANDBOX);
    await signInAs(page, "owner", LIMITED_DASHBOARD);
    await expect(page.getByText(/API budget: \d+ of 30 this minute/)).toBeVisible();
    await expect(page.getByText(/Resets at \d\d:\d\d:\d\d UTC/)).toBeVisible();

    await windowEndsIn(8, key);
    await exhaust(key);
    // A filter change asks the service for a portfolio it has not sent yet.
    await page.getByRole("switch", { name: "Active only" }).click();

    const banner = page.getByRole("status").filter({ hasText: "rate limit was reached" });
    await expect(banner).toContainText(/Retrying in \d+ s/);
    await expect(page.getByText(/API budget: 0 of 30 this minute/)).toBeVisible();
    await expect(page.getByTestId("portfolio")).toHaveAttribute("data-state", "ready", { timeout: 20_000 });
    await expect(page.getByRole("row").nth(1)).toBeVisible();
    await expect(banner).toHaveCount(0);
  });
});
