import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import type { Listing } from "@/lib/svc/schemas/listings";
import { sentFromPage, serviceAnswer, withServiceInPage } from "@/test-support/dom-service";
import { renderPage } from "@/test-support/render";
import { TagsEditButton } from "@/components/listings/tags-edit-button";
import TagsEditor from "@/components/listings/tags-editor";

withServiceInPage();

let listing: Listing;
beforeAll(async () => {
  // A listing as the service lists it to the owner.
  const page = await serviceAnswer<Listing[]>("/listings?per_page=1");
  listing = page[0]!;
});

async function openEditor() {
  const rendered = renderPage(
    <TagsEditor listing={listing} trigger={<TagsEditButton listing={listing} />} />,
  );
  await rendered.user.click(screen.getByRole("button", { name: /^Edit tags of/ }));
  const dialog = screen.getByRole("dialog", { name: `Tags of ${listing.name}` });
  return { ...rendered, dialog, tags: within(dialog).getByLabelText("Tags") };
}

const writes = () => sentFromPage.filter((r) => !r.startsWith("GET"));

describe("the tags editor", () => {
  it("starts from the listing's tags, comma-separated", async () => {
    const { tags } = await openEditor();
    expect(tags).toHaveValue(listing.tags.join(", "));
  });

  it("a tag over 50 characters is refused on the field's alert line, and nothing is sent", async () => {
    const { user, dialog, tags } = await openEditor();
    await user.clear(tags);
    await user.type(tags, `beach, ${"x".repeat(51)}`);
    await user.click(within(dialog).getByRole("button", { name: "Save tags" }));

    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent(/50 characters/);
    expect(tags).toHaveAttribute("aria-invalid", "true");
    expect(tags).toHaveAccessibleDescription(alert.textContent!);
    expect(tags).toHaveValue(`beach, ${"x".repeat(51)}`);
    expect(writes()).toEqual([]);
  });

  it("tags are saved on the service, which then lists exactly them", async () => {
    const { user, dialog, tags } = await openEditor();
    await user.clear(tags);
    await user.type(tags, "Beach, sea view, beach");
    await user.click(within(dialog).getByRole("button", { name: "Save tags" }));

    await screen.findByRole("button", { name: /^Edit tags of/ });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(writes()).toEqual([`PUT /api/svc/listings/${listing.svc_id}/tags?channel=svc`]);
    const stored = await serviceAnswer<{ tags: string[] }>(`/listings/${listing.svc_id}/tags?channel=svc`);
    // Duplicates typed in another case are sent once.
    expect(stored.tags).toEqual(["Beach", "sea view"]);
  });

  it("Cancel closes without a write; reopened, the field shows the listing's tags again", async () => {
    const { user, dialog, tags } = await openEditor();
    await user.type(tags, ", draft");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /^Edit tags of/ }));
    expect(within(screen.getByRole("dialog")).getByLabelText("Tags")).toHaveValue(listing.tags.join(", "));
    expect(writes()).toEqual([]);
  });
});
