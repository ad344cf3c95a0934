import { expect, keyOf, portfolioOf, SANDBOX, test, withSessionOf } from "./fixtures";

/**
 * Refusals in plain sentences: a form names the field and the limit in
 * words, keeps what was typed, and sends nothing the service would refuse or that no revenue
 * manager means.
 */
test.describe("form errors in plain sentences", () => {
  test("an absurd minimum price is refused beside the field with the limit in words, nothing is saved and the typing stays", async ({
    page,
  }) => {
    const target = (await portfolioOf("owner")).find((l) => !l.is_hidden && l.access_level === "owner")!;
    const stored = async () =>
      (
        (await (
          await fetch(`${SANDBOX}/preferences/${target.svc_id}?channel=svc`, {
            headers: { "x-api-key": await keyOf("owner") },
          })
        ).json()) as { min_price: number | null }
      ).min_price;
    const before = await stored();
    const writes: string[] = [];
    page.on("request", (r) => {
      if (r.method() !== "GET" && new URL(r.url()).pathname.startsWith("/api/svc/preferences"))
        writes.push(r.url());
    });
    await withSessionOf(page, "owner");
    await page.goto(`/listings/${target.svc_id}?tab=preferences`);
    await expect(page.getByTestId("preferences-tab")).toHaveAttribute("data-state", "ready");

    const group = page.getByRole("group", { name: "Minimum price", exact: true });
    const input = group.getByRole("textbox", { name: "Minimum price" });
    await input.fill("99999999999");
    await page.getByRole("button", { name: "Save changes" }).click();

    await expect(group).toContainText("Minimum price must be at most 1,000,000.");
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveValue("99999999999");
    await expect(page.getByText(/Too big|expected number|<=/)).toHaveCount(0);
    expect(writes.filter((url) => !url.includes("/preview"))).toEqual([]);
    expect(await stored()).toBe(before);
  });
});
