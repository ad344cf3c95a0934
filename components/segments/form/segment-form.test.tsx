import { screen, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import type { Listing } from "@/lib/svc/schemas/listings";
import type { Segment } from "@/lib/svc/schemas/segments";
import { upstream } from "@/test-support/bff";
import { answeredToPage, sentFromPage, serviceAnswer, withServiceInPage } from "@/test-support/dom-service";
import { renderPage } from "@/test-support/render";
import { EditSegment, NewSegment } from "@/components/segments/form/segment-editor";

withServiceInPage();

/** The owner's portfolio, as the service lists it (the preview runs on the same listings). */
let portfolio: Listing[];
beforeAll(async () => {
  portfolio = await serviceAnswer<Listing[]>("/listings?per_page=100");
});

/** The form as a page holds it, once its preview has the portfolio. */
async function openForm(ui: ReactElement) {
  const rendered = renderPage(ui);
  const preview = await screen.findByRole("region", { name: "Preview" }, { timeout: 10_000 });
  await within(preview).findByTestId("preview-count", {}, { timeout: 10_000 });
  const name = screen.getByRole("textbox", { name: /^Name/ });
  const json = () => screen.getByLabelText("Filter as JSON");
  const tab = (label: "Builder" | "Edit as JSON") => screen.getByRole("tab", { name: label });
  /** Types into the JSON view as a paste: braces are text there, not key names. */
  const writeJson = async (text: string) => {
    await rendered.user.clear(json());
    await rendered.user.click(json());
    await rendered.user.paste(text);
  };
  return { ...rendered, preview, name, json, tab, writeJson };
}

const openNew = async () => {
  const form = await openForm(<NewSegment keyKind={null} />);
  const create = () => form.user.click(screen.getByRole("button", { name: "Create segment" }));
  return { ...form, create };
};

/** Segment writes the page sent (its reads of the portfolio are left out). */
const segmentWrites = () => sentFromPage.filter((r) => !r.startsWith("GET"));
/** The bodies of the segment writes that reached the service. */
const bodiesSent = (method: "POST" | "PUT") =>
  upstream
    .filter((r) => r.method === method && r.path.startsWith("/segments"))
    .map((r) => JSON.parse(r.body) as unknown);

describe("the segment form", () => {
  it("an empty name is refused in a sentence on its line, marked invalid, and nothing is sent", async () => {
    const { name, create } = await openNew();
    await create();

    expect(await screen.findByText("Give the segment a name.")).toBeVisible();
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveAccessibleDescription("Give the segment a name.");
    expect(segmentWrites()).toEqual([]);
  });

  it("a name over 120 characters is refused in words, and the name as typed stays", async () => {
    const { user, name, create } = await openNew();
    const long = "n".repeat(121);
    await user.click(name);
    await user.paste(long);
    await create();

    expect(await screen.findByText("Keep the name to 120 characters.")).toBeVisible();
    expect(name).toHaveAccessibleDescription("Keep the name to 120 characters.");
    expect(name).toHaveValue(long);
    expect(segmentWrites()).toEqual([]);
  });

  it("malformed JSON is refused in words; the JSON view stays open with the text as typed, and nothing is sent", async () => {
    const { user, name, json, tab, writeJson, create } = await openNew();
    await user.type(name, "Broken filter");
    await user.click(tab("Edit as JSON"));
    const malformed = '{"bedrooms_min": 4,, }';
    await writeJson(malformed);

    // Leaving the view is refused: the text cannot be read as a filter.
    await user.click(tab("Builder"));
    const sentence =
      "This is not valid JSON. Check the quotes (keys and text take double quotes), the commas between entries and the closing braces.";
    expect(await screen.findByText(sentence)).toBeVisible();
    expect(tab("Edit as JSON")).toHaveAttribute("aria-selected", "true");
    expect(json()).toHaveAttribute("aria-invalid", "true");
    expect(json()).toHaveAccessibleDescription(expect.stringContaining(sentence));

    await create();
    expect(json()).toHaveValue(malformed);
    expect(screen.getByText(sentence)).toBeVisible();
    expect(screen.getByText(/The preview waits until the filter can be read/)).toBeVisible();
    expect(segmentWrites()).toEqual([]);
    // No parser's own wording reaches the page.
    expect(document.body).not.toHaveTextContent(/Unexpected token|SyntaxError|expected/);
  });

  it("an empty JSON view asks for an object, and nothing is sent", async () => {
    const { user, name, json, tab, create } = await openNew();
    await user.type(name, "Nothing at all");
    await user.click(tab("Edit as JSON"));
    await user.clear(json());
    await create();

    expect(await screen.findByText("The filter is empty. Write {} to match every listing.")).toBeVisible();
    expect(json()).toHaveAttribute("aria-invalid", "true");
    expect(segmentWrites()).toEqual([]);
  });

  it("a market the service does not know is foreseen by the preview, then refused in the service's words beside the JSON; everything typed stays", async () => {
    const { user, name, json, tab, writeJson, preview, create } = await openNew();
    await user.type(name, "Upside down");
    await user.click(tab("Edit as JSON"));
    const typed = '{"market_ids": ["mkt_nowhere"]}';
    await writeJson(typed);
    expect(await within(preview).findByText(/None of your listings is in mkt_nowhere\./)).toBeVisible();
    await create();

    const refusal = "The service knows no market mkt_nowhere. Pick markets from the list, or check the id.";
    expect(await screen.findByText(refusal)).toBeVisible();
    expect(json()).toHaveAttribute("aria-invalid", "true");
    expect(json()).toHaveAccessibleDescription(expect.stringContaining(refusal));
    expect(json()).toHaveValue(typed);
    expect(name).toHaveValue("Upside down");
    expect(segmentWrites()).toEqual(["POST /api/svc/segments"]);
    // A refusal of the request (400), not a failure of the service.
    expect(answeredToPage).toContain("400 POST /api/svc/segments");
    expect(bodiesSent("POST")).toEqual([
      {
        name: "Upside down",
        description: null,
        default_status: "active",
        filter_backend: { market_ids: ["mkt_nowhere"] },
      },
    ]);
    // Neither the service's own wording nor a validator's reaches the page.
    expect(document.body).not.toHaveTextContent(/unknown market|Too big|Too small|expected/);
  });

  it("a valid segment is sent as the builder wrote it, the service holds it, and the page goes to it", async () => {
    const { user, name, create, navigation } = await openNew();
    const market = [...portfolio].sort((a, b) => a.market_name.localeCompare(b.market_name))[0]!;
    const segmentName = `${market.market_name} two and three bedrooms`;
    await user.type(name, segmentName);
    await user.type(screen.getByRole("textbox", { name: /^Description/ }), "Mid-size homes.");
    await user.click(screen.getByRole("radio", { name: "Inactive" }));
    await user.click(
      within(screen.getByRole("group", { name: "Markets" })).getByRole("checkbox", {
        // jsdom's accessible name drops the space before the count: "Austin(10 of your listings)".
        name: new RegExp(`^${market.market_name}\\s*\\(`),
      }),
    );
    await user.type(screen.getByLabelText("At least"), "2");
    await user.type(screen.getByLabelText("At most"), "3");
    await create();
    await expect.poll(() => navigation.calls, { timeout: 10_000 }).toHaveLength(1);

    const created = (await serviceAnswer<Segment[]>("/segments")).find((s) => s.name === segmentName);
    expect(created).toMatchObject({
      description: "Mid-size homes.",
      default_status: "inactive",
      filter_backend: { market_ids: [market.market_id], bedrooms_min: 2, bedrooms_max: 3 },
    });
    expect(navigation.calls).toEqual([`push /segments/${created!.id}`]);
    expect(bodiesSent("POST")).toEqual([
      {
        name: segmentName,
        description: "Mid-size homes.",
        default_status: "inactive",
        filter_backend: { market_ids: [market.market_id], bedrooms_min: 2, bedrooms_max: 3 },
      },
    ]);
  });

  it("Cancel sends nothing and goes back to where the form was opened from", async () => {
    const { user, name, navigation } = await openNew();
    await user.type(name, "Never saved");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(navigation.calls).toEqual(["push /segments"]);
    expect(segmentWrites()).toEqual([]);
  });
});

describe("editing a segment", () => {
  let family: Segment;
  beforeAll(async () => {
    family = (await serviceAnswer<Segment[]>("/segments")).find((s) => s.name === "Family homes")!;
    expect(family, "the seeded segment Family homes").toBeDefined();
  });

  it("a key the builder does not know is kept as written through both views, and the preview says it cannot judge it", async () => {
    const { user, json, tab, writeJson, preview } = await openForm(
      <EditSegment segmentId={family.id} keyKind={null} />,
    );
    await user.click(tab("Edit as JSON"));
    expect(JSON.parse((json() as HTMLTextAreaElement).value)).toEqual(family.filter_backend);
    await writeJson('{"bedrooms_min": 3, "tags_any": ["family"], "min_rating": 4.5}');
    await user.click(tab("Builder"));

    const note = screen.getByRole("note");
    expect(note).toHaveTextContent(
      "Kept as written, and sent back unchanged: min_rating. The builder does not edit it; the JSON view does.",
    );
    expect(
      within(preview)
        .getByText(/min_rating/)
        .closest("li"),
    ).toHaveTextContent(/^min_rating is not in this preview\./);
    const atLeast = screen.getByLabelText("At least");
    expect(atLeast).toHaveValue("3");
    await user.clear(atLeast);
    await user.type(atLeast, "4");
    await user.click(tab("Edit as JSON"));
    expect(JSON.parse((json() as HTMLTextAreaElement).value)).toEqual({
      bedrooms_min: 4,
      tags_any: ["family"],
      min_rating: 4.5,
    });
  });

  it("the service's refusal of a key it does not apply is said beside the kept keys; nothing typed is lost and the page stays", async () => {
    const { user, name, tab, writeJson, navigation } = await openForm(
      <EditSegment segmentId={family.id} keyKind={null} />,
    );
    await user.click(tab("Edit as JSON"));
    await writeJson('{"bedrooms_min": 4, "tags_any": ["family"], "min_rating": 4.5}');
    await user.click(tab("Builder"));
    await user.click(screen.getByRole("button", { name: "Save changes" }));

    const refusal =
      "The service does not apply a condition named “min_rating”. Remove it in the JSON view, or keep it for a service that knows it.";
    expect(await screen.findByText(refusal, {}, { timeout: 10_000 })).toHaveAttribute("role", "alert");
    expect(screen.getByLabelText("At least")).toHaveValue("4");
    expect(name).toHaveValue("Family homes");
    expect(navigation.calls).toEqual([]);
    expect(segmentWrites()).toEqual([`PUT /api/svc/segments/${family.id}`]);
    expect(answeredToPage).toContain(`400 PUT /api/svc/segments/${family.id}`);

    // Taken out in the JSON view, the edit is saved as written and the page goes to the segment.
    await user.click(tab("Edit as JSON"));
    await writeJson('{"bedrooms_min": 4, "tags_any": ["family"]}');
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await expect.poll(() => navigation.calls, { timeout: 10_000 }).toEqual([`push /segments/${family.id}`]);
    expect(bodiesSent("PUT").at(-1)).toMatchObject({
      name: "Family homes",
      filter_backend: { bedrooms_min: 4, tags_any: ["family"] },
    });
    const saved = (await serviceAnswer<Segment[]>("/segments")).find((s) => s.id === family.id);
    expect(saved?.filter_backend).toEqual({ bedrooms_min: 4, tags_any: ["family"] });
  });
});
