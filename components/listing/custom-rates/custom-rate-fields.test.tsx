import { screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "@/lib/format/dates";
import { formatAmount } from "@/lib/format/money";
import { periodDates } from "@/lib/listing/custom-rates/words";
import type { CustomRate } from "@/lib/svc/schemas/custom-rates";
import type { Listing } from "@/lib/svc/schemas/listings";
import { upstream } from "@/test-support/bff";
import { sentFromPage, serviceAnswer, withServiceInPage } from "@/test-support/dom-service";
import { renderPage } from "@/test-support/render";
import { CustomRatesTab } from "@/components/listing/custom-rates/custom-rates-tab";

withServiceInPage();

const ratesOf = (listing: Listing) =>
  serviceAnswer<CustomRate[]>(`/listings/${listing.svc_id}/custom_rates?channel=svc`);

/** The owner's own listings: one without custom rates, and one priced in USD with both limits. */
let plain: Listing;
let priced: Listing;
beforeAll(async () => {
  const own = (await serviceAnswer<Listing[]>("/listings?per_page=100")).filter(
    (l) => l.is_active && !l.is_hidden && l.access_level === "owner",
  );
  for (const listing of own) {
    if ((await ratesOf(listing)).length === 0) {
      plain = listing;
      break;
    }
  }
  priced = own.find(
    (l) =>
      l !== plain &&
      l.currency === "USD" &&
      l.listing_preferences.base_price !== null &&
      l.listing_preferences.min_price !== null &&
      l.listing_preferences.max_price !== null,
  )!;
  expect(plain, "a seeded listing without custom rates").toBeDefined();
  expect(priced, "a seeded USD listing with a base price and both limits").toBeDefined();
});

/** The listing's custom-rates tab, once its periods are read, and its "Add a custom rate" form. */
async function openForm(listing: Listing) {
  const rendered = renderPage(<CustomRatesTab listing={listing} readOnly={false} />);
  await screen
    .findByTestId("custom-rates")
    .then((tab) => expect.poll(() => tab.getAttribute("data-state"), { timeout: 10_000 }).toBe("ready"));
  const form = screen.getByRole("region", { name: "Add a custom rate" });
  const field = (label: string) => within(form).getByLabelText(label, { exact: true });
  const add = (label = "Add custom rate") =>
    rendered.user.click(within(form).getByRole("button", { name: label }));
  async function fill(rate: {
    start?: string;
    end?: string;
    kind?: "Percent of the recommendation" | "Fixed price";
    value?: string;
    minStay?: string;
    expires?: string;
    reason?: string;
  }) {
    const { user } = rendered;
    if (rate.start) await user.type(field("First night"), rate.start);
    if (rate.end) await user.type(field("Last night"), rate.end);
    if (rate.kind) await user.click(within(form).getByRole("radio", { name: rate.kind }));
    const valueLabel = rate.kind === "Fixed price" ? "Nightly price" : "Percent";
    if (rate.value) await user.type(field(valueLabel), rate.value);
    if (rate.minStay) await user.type(field("Minimum stay (optional)"), rate.minStay);
    if (rate.expires) await user.type(field("Expires (optional)"), rate.expires);
    if (rate.reason) await user.type(field("Reason (optional)"), rate.reason);
  }
  return { ...rendered, form, field, add, fill };
}

const writes = () => sentFromPage.filter((r) => !r.startsWith("GET"));
const putBodies = (listing: Listing) =>
  upstream
    .filter((r) => r.method === "PUT" && r.path === `/listings/${listing.svc_id}/custom_rates`)
    .map((r) => JSON.parse(r.body) as unknown);

describe("the custom rate form", () => {
  it("empty nights and value are each refused in a sentence on their own line, and nothing is sent", async () => {
    const { field, add } = await openForm(plain);
    await add();

    for (const [label, sentence] of [
      ["First night", "Pick the first night."],
      ["Last night", "Pick the last night."],
      ["Percent", "Enter a price or a percentage."],
    ] as const) {
      expect(await screen.findByText(sentence)).toBeVisible();
      expect(field(label)).toHaveAttribute("aria-invalid", "true");
      expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(sentence));
    }
    expect(writes()).toEqual([]);
  });

  it.each([
    ["-15%", "Percent of the recommendation", "Enter a number, such as 180 or -15.", "Percent"],
    ["-100", "Percent of the recommendation", "A percentage must be above -100.", "Percent"],
    ["1001", "Percent of the recommendation", "A percentage can be at most 1,000 %.", "Percent"],
    ["0", "Fixed price", "A fixed price must be above 0.", "Nightly price"],
    ["1000001", "Fixed price", "A fixed price can be at most 1,000,000.", "Nightly price"],
  ] as const)(
    "%j as a %s is refused beside the value (%s); everything typed stays and nothing is sent",
    async (value, kind, sentence, label) => {
      const { field, fill, add } = await openForm(plain);
      const start = addDays(todayUtc(), 40);
      await fill({ start, end: start, kind, value, minStay: "2", reason: "Festival" });
      await add();

      expect(await screen.findByText(sentence)).toBeVisible();
      expect(field(label)).toHaveAttribute("aria-invalid", "true");
      expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(sentence));
      expect(field(label)).toHaveValue(value);
      expect(field("First night")).toHaveValue(start);
      expect(field("Minimum stay (optional)")).toHaveValue("2");
      expect(field("Reason (optional)")).toHaveValue("Festival");
      expect(writes()).toEqual([]);
    },
  );

  it("a minimum stay that is not a whole number of nights is refused on its line, and nothing is sent", async () => {
    const { field, fill, add } = await openForm(plain);
    const start = addDays(todayUtc(), 40);
    await fill({ start, end: start, value: "10", minStay: "2.5" });
    await add();

    const sentence = "Enter a whole number of nights, or leave it empty.";
    expect(await screen.findByText(sentence)).toBeVisible();
    expect(field("Minimum stay (optional)")).toHaveAttribute("aria-invalid", "true");
    expect(field("Minimum stay (optional)")).toHaveValue("2.5");
    expect(writes()).toEqual([]);
  });

  it("a last night before the first is refused beside the last night, and nothing is sent", async () => {
    const { field, fill, add } = await openForm(plain);
    const start = addDays(todayUtc(), 40);
    await fill({ start, end: addDays(start, -2), value: "10" });
    await add();

    const sentence = "The end date is before the start date.";
    expect(await screen.findByText(sentence)).toBeVisible();
    expect(field("Last night")).toHaveAttribute("aria-invalid", "true");
    expect(field("Last night")).toHaveAccessibleDescription(`Included in the period. ${sentence}`);
    expect(field("First night")).not.toHaveAttribute("aria-invalid");
    expect(writes()).toEqual([]);
  });

  it("a period that ended before the service's today is refused in the service's words beside the last night; what was typed stays", async () => {
    const { field, fill, add } = await openForm(plain);
    const start = addDays(todayUtc(), -10);
    const end = addDays(todayUtc(), -8);
    await fill({ start, end, value: "-5" });
    await add();

    const sentence = `the period ends before today (${todayUtc()})`;
    expect(await screen.findByText(sentence, {}, { timeout: 10_000 })).toBeVisible();
    expect(field("Last night")).toHaveAttribute("aria-invalid", "true");
    expect(field("Last night")).toHaveAccessibleDescription(`Included in the period. ${sentence}`);
    expect(field("First night")).toHaveValue(start);
    expect(field("Last night")).toHaveValue(end);
    expect(field("Percent")).toHaveValue("-5");
    expect(writes()).toEqual([`PUT /api/svc/listings/${plain.svc_id}/custom_rates?channel=svc`]);
    expect(await ratesOf(plain)).toEqual([]);
  });

  it("an expiry already past is refused in the service's words beside the expiry", async () => {
    const { field, fill, add } = await openForm(plain);
    const start = addDays(todayUtc(), 40);
    await fill({ start, end: start, value: "-5", expires: "2020-01-02T18:00" });
    await add();

    const sentence = "expires_at is not after the service's current time";
    expect(await screen.findByText(sentence, {}, { timeout: 10_000 })).toBeVisible();
    expect(field("Expires (optional)")).toHaveAttribute("aria-invalid", "true");
    expect(field("Expires (optional)")).toHaveAccessibleDescription(expect.stringContaining(sentence));
    expect(field("Expires (optional)")).toHaveValue("2020-01-02T18:00");
    expect(writes()).toHaveLength(1);
  });

  it("a valid rate is sent as typed, said in words under the form once added, listed as the service holds it, and the form is emptied", async () => {
    const { form, field, fill, add } = await openForm(plain);
    const start = addDays(todayUtc(), 10);
    const end = addDays(todayUtc(), 12);
    await fill({ start, end, value: "-15", minStay: "3", reason: "  Low season  " });
    await add();

    // Said in the form's own section, beside the button that added it, as a live region.
    const added = await within(form).findByRole("status", {}, { timeout: 10_000 });
    expect(added).toHaveTextContent(
      `Custom rate added for ${periodDates({ start_date: start, end_date: end })}.`,
    );
    expect(added).toBeVisible();
    expect(putBodies(plain)).toEqual([
      {
        custom_rates: [
          {
            start_date: start,
            end_date: end,
            price_type: "percent",
            price_value: -15,
            min_stay: 3,
            reason: "Low season",
          },
        ],
      },
    ]);
    expect(await ratesOf(plain)).toEqual([
      expect.objectContaining({
        start_date: start,
        end_date: end,
        price_type: "percent",
        price_value: -15,
        min_stay: 3,
        reason: "Low season",
      }),
    ]);
    const row = screen
      .getByRole("rowheader", { name: new RegExp(`^${periodDates({ start_date: start, end_date: end })}`) })
      .closest("tr")!;
    expect(row).toHaveTextContent("15% below the recommendation");
    expect(row).toHaveTextContent("3 nights");
    expect(row).toHaveTextContent("Low season");
    // A new form: the next rate starts from empty fields.
    expect(field("First night")).toHaveValue("");
    expect(field("Percent")).toHaveValue("");
    expect(within(form).getByRole("radio", { name: "Percent of the recommendation" })).toBeChecked();
  });

  it("a fixed price below the listing's minimum is said beside the value; Add sends nothing until 'Add anyway' is ticked, then adds it", async () => {
    const { user, form, field, fill, add } = await openForm(priced);
    const min = priced.listing_preferences.min_price!;
    const price = min - 10;
    const start = addDays(todayUtc(), 30);
    const before = await ratesOf(priced);
    await fill({ start, end: start, kind: "Fixed price", value: String(price) });

    const finding = `A fixed price of ${formatAmount(price, "USD")} is below the minimum price of ${formatAmount(min, "USD")}. Nights in this period would be priced under your minimum.`;
    expect(within(form).getByText(finding).closest("[data-guardrail]")).toHaveTextContent(
      `Check: ${finding}`,
    );
    // Said with the value: its description names the finding after the hint.
    expect(field("Nightly price")).toHaveAccessibleDescription(expect.stringContaining(finding));
    expect(field("Nightly price")).not.toHaveAttribute("aria-invalid");

    await add();
    expect(
      within(form)
        .getAllByRole("alert")
        .map((line) => line.textContent),
    ).toContain('Nothing was sent. Tick "Add anyway" to add this value as it is, or change it.');
    const confirm = within(form).getByRole("checkbox", { name: "Add anyway: I mean this value" });
    await expect.poll(() => document.activeElement).toBe(confirm);
    expect(writes()).toEqual([]);
    expect(await ratesOf(priced)).toEqual(before);
    expect(field("Nightly price")).toHaveValue(String(price));

    await user.click(confirm);
    await add("Add anyway");
    expect(
      await screen.findByText(
        `Custom rate added for ${periodDates({ start_date: start, end_date: start })}.`,
      ),
    ).toBeVisible();
    expect(await ratesOf(priced)).toContainEqual(
      expect.objectContaining({
        start_date: start,
        end_date: start,
        price_type: "fixed",
        price_value: price,
      }),
    );
  });
});

describe("the custom rate form, read in New York", () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it("the expiry is typed in the reader's zone and said back in UTC, as the rates table shows it; it is sent in UTC", async () => {
    process.env.TZ = "America/New_York";
    const { field, fill, add } = await openForm(plain);
    const expires = field("Expires (optional)");
    expect(expires).toHaveAccessibleDescription(/^In your time zone\. After it/);

    // 18:00 in New York in January is 23:00 UTC.
    const start = addDays(todayUtc(), 50);
    await fill({ start, end: start, value: "5", expires: "2031-01-02T18:00" });
    expect(expires).toHaveAccessibleDescription(/^In your time zone: 2 Jan 2031, 23:00 UTC\./);
    await add();

    await screen.findByText(`Custom rate added for ${periodDates({ start_date: start, end_date: start })}.`);
    expect(putBodies(plain).at(-1)).toMatchObject({ expires_at: "2031-01-02T23:00:00Z" });
  });
});
