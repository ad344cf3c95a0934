import { expect, keyOf, seriousViolations, signInAs, test } from "./fixtures";

test.describe("sign-in", () => {
  test("a bad key gets a plain sentence and no session", async ({ page }) => {
    await page.goto("/sign-in");
    await page.getByLabel("API key").fill("sk_live_this_key_does_not_exist");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    const alert = page.getByRole("alert").filter({ hasText: "API key" });
    await expect(alert).toContainText("That API key was not accepted by the pricing service.");
    await expect(alert).not.toContainText(/Error:|at \w+ \(/);
    await expect(page).toHaveURL(/\/sign-in/);
    await page.goto("/listings");
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test("a pasted key is checked and starts a session named after the key", async ({ page }) => {
    await page.goto("/sign-in");
    await page.getByLabel("API key").fill(await keyOf("owner", "read_only"));
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    // A day starts on the Overview.
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expect(page.getByTestId("signed-in-as")).toContainText("Key");
    await expect(page.getByText("Read-only key")).toBeVisible();
  });

  test("the API key never reaches the page", async ({ page }) => {
    const key = await keyOf("owner");
    await signInAs(page, "owner");
    const html = await page.content();
    expect(html).not.toContain(key);
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === "rmd_session");
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
    expect(decodeURIComponent(session?.value ?? "")).not.toContain(key);
    expect(await page.evaluate(() => document.cookie)).not.toContain("rmd_session");
  });

  test("a tampered session cookie sends the user back to sign-in", async ({ page, context }) => {
    await signInAs(page, "owner");
    const [session] = (await context.cookies()).filter((c) => c.name === "rmd_session");
    await context.addCookies([{ ...session!, value: `${session!.value.slice(0, -6)}AAAAAA` }]);
    await page.goto("/listings");
    await expect(page).toHaveURL(/\/sign-in\?expired=1/);
    await expect(page.getByRole("status")).toContainText("Your session ended");
  });

  test("sign out ends the session", async ({ page }) => {
    await signInAs(page, "manager");
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL("**/sign-in");
    await page.goto("/listings");
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test("axe finds no serious or critical violation on sign-in", async ({ page }) => {
    await page.goto("/sign-in");
    await expect(page.getByRole("heading", { name: /Sign in/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
