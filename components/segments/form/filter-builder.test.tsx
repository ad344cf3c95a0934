import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import type { Listing } from "@/lib/svc/schemas/listings";
import { upstream } from "@/test-support/bff";
import { sentFromPage, serviceAnswer, withServiceInPage } from "@/test-support/dom-service";
import { renderPage } from "@/test-support/render";
import { NewSegment } from "@/components/segments/form/segment-editor";

withServiceInPage();

/** The owner's portfolio, as the service lists it: the builder's choices and the preview come from it. */
let portfolio: Listing[];
beforeAll(async () => {
  portfolio = await serviceAnswer<Listing[]>("/listings?per_page=100");
});

/** The new-segment form with a name typed, once its preview has the portfolio. */
async function openBuilder() {
  const rendered = renderPage(<NewSegment keyKind={null} />);
  const preview = screen.getByRole("region", { name: "Preview" });
  await within(preview).findByTestId("preview-count", {}, { timeout: 10_000 });
  await rendered.user.type(screen.getByRole("textbox", { name: /^Name/ }), "Built by hand");
  const create = () => rendered.user.click(screen.getByRole("button", { name: "Create segment" }));
  return { ...rendered, preview, create };
}

const BEDROOMS_REFUSAL = "Give a whole number of bedrooms from 0 to 50, or leave it empty.";
const writes = () => sentFromPage.filter((r) => !r.startsWith("GET"));
const posted = () =>
  upstream
    .filter((r) => r.method === "POST" && r.path === "/segments")
    .map((r) => JSON.parse(r.body) as { filter_backend: Record<string, unknown> });

describe("the segment filter builder", () => {
  it("offers each market of my listings, by name, with how many of my listings are in it", async () => {
    await openBuilder();
    const counts = new Map<string, number>();
    for (const l of portfolio) counts.set(l.market_name, (counts.get(l.market_name) ?? 0) + 1);
    const expected = [...counts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, n]) => `${name} (${n} of your listing${n === 1 ? "" : "s"})`);

    const markets = within(screen.getByRole("group", { name: "Markets" })).getAllByRole("checkbox");
    expect(markets.map((box) => (box as HTMLInputElement).labels?.[0]?.textContent)).toEqual(expected);
    expect(markets.every((box) => !(box as HTMLInputElement).checked)).toBe(true);
  });

  it("the preview counts the listings the conditions match as they are chosen, without asking the service", async () => {
    const { user, preview } = await openBuilder();
    const total = portfolio.length;
    expect(within(preview).getByTestId("preview-count")).toHaveTextContent(
      `${total} of your ${total} listings would match.`,
    );
    const requestsBefore = sentFromPage.length;

    const market = portfolio[0]!;
    await user.click(
      within(screen.getByRole("group", { name: "Markets" })).getByRole("checkbox", {
        // jsdom's accessible name drops the space before the count: "Austin(10 of your listings)".
        name: new RegExp(`^${market.market_name}\\s*\\(`),
      }),
    );
    await user.type(screen.getByLabelText("At least"), "2");
    const matched = portfolio.filter(
      (l) => l.market_id === market.market_id && l.bedrooms !== null && l.bedrooms >= 2,
    );
    expect(within(preview).getByTestId("preview-count")).toHaveTextContent(
      `${matched.length} of your ${total} listings would match.`,
    );
    expect(sentFromPage.length).toBe(requestsBefore);
  });

  it("a bedroom bound that is not a whole number from 0 to 50 is refused on its own line; what was typed stays and nothing is sent", async () => {
    const { user, create } = await openBuilder();
    const atLeast = screen.getByLabelText("At least");
    const atMost = screen.getByLabelText("At most");
    await user.type(atLeast, "2.5");
    await user.type(atMost, "51");
    await create();

    for (const [field, typed] of [
      [atLeast, "2.5"],
      [atMost, "51"],
    ] as const) {
      expect(field).toHaveAttribute("aria-invalid", "true");
      expect(field).toHaveAccessibleDescription(BEDROOMS_REFUSAL);
      expect(field).toHaveValue(typed);
    }
    expect(screen.getAllByText(BEDROOMS_REFUSAL)).toHaveLength(2);
    expect(writes()).toEqual([]);
  });

  it("an upside-down bedroom range is refused beside the maximum, and the preview waits until it is fixed", async () => {
    const { user, preview, create } = await openBuilder();
    const atMost = screen.getByLabelText("At most");
    await user.type(screen.getByLabelText("At least"), "4");
    await user.type(atMost, "2");
    await create();

    const sentence = "The bedroom range is upside down: the maximum (2) is below the minimum (4).";
    expect(await screen.findByText(sentence)).toBeVisible();
    expect(atMost).toHaveAttribute("aria-invalid", "true");
    expect(atMost).toHaveAccessibleDescription(sentence);
    expect(screen.getByLabelText("At least")).not.toHaveAttribute("aria-invalid");
    expect(preview).toHaveTextContent(
      "The preview waits until the filter can be read: fix the field marked in the form.",
    );
    expect(writes()).toEqual([]);

    await user.clear(atMost);
    expect(within(preview).getByTestId("preview-count")).toBeVisible();
  });

  it("a name part over 120 characters is refused on its line, and nothing is sent", async () => {
    const { user, create } = await openBuilder();
    const part = screen.getByLabelText("Listing name contains");
    await user.click(part);
    await user.paste("x".repeat(121));
    await create();

    expect(part).toHaveAttribute("aria-invalid", "true");
    expect(part).toHaveAccessibleDescription(
      "Any part of the name, upper or lower case alike. Keep the name part to 120 characters.",
    );
    expect(writes()).toEqual([]);
  });

  it("tags are typed with commas as the hint on both tag fields says, and sent once each, trimmed, with the other conditions", async () => {
    const { user, create, navigation } = await openBuilder();
    const any = screen.getByLabelText("Tagged with any of");
    const all = screen.getByLabelText("Tagged with all of");
    for (const field of [any, all]) {
      expect(field).toHaveAccessibleDescription(/^Separate tags with commas; tags match exactly\./);
    }
    await user.type(any, "pool, beach ,pool,");
    await user.type(all, "family");
    await user.selectOptions(screen.getByLabelText("Status"), "Active only");
    await user.selectOptions(screen.getByLabelText("Hidden in the service's app"), "Not hidden");
    await user.click(within(screen.getByRole("group", { name: "Channels" })).getAllByRole("checkbox")[0]!);
    await create();

    await expect.poll(() => navigation.calls, { timeout: 10_000 }).toHaveLength(1);
    expect(posted().at(-1)?.filter_backend).toEqual({
      channels: [expect.any(String)],
      tags_any: ["pool", "beach"],
      tags_all: ["family"],
      is_active: true,
      is_hidden: false,
    });
  });

  it("a known key whose value the builder cannot show is locked and said on its line; the service's refusal of it is put beside the kept keys", async () => {
    const { user, create, navigation } = await openBuilder();
    await user.click(screen.getByRole("tab", { name: "Edit as JSON" }));
    const json = screen.getByLabelText("Filter as JSON");
    await user.clear(json);
    await user.click(json);
    await user.paste('{"bedrooms_min": 2.5}');
    await user.click(screen.getByRole("tab", { name: "Builder" }));

    const atLeast = screen.getByLabelText("At least");
    expect(atLeast).toBeDisabled();
    expect(atLeast).toHaveAccessibleDescription(
      "Its current value is one the builder cannot show; it is kept as written. Edit it in the JSON view.",
    );
    expect(screen.getByLabelText("At most")).toBeEnabled();
    expect(screen.getByRole("note")).toHaveTextContent(
      /^Kept as written, and sent back unchanged: bedrooms_min\./,
    );

    await create();
    expect(
      await screen.findByText(
        "The service refused “bedrooms_min”: it takes a whole number of bedrooms from 0 to 50.",
        {},
        { timeout: 10_000 },
      ),
    ).toHaveAttribute("role", "alert");
    expect(posted().at(-1)?.filter_backend).toEqual({ bedrooms_min: 2.5 });
    expect(navigation.calls).toEqual([]);
  });
});
