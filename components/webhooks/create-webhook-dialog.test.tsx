import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { sentFromPage, withServiceInPage } from "@/test-support/dom-service";
import { renderPage } from "@/test-support/render";
import { AddSubscriptionButton } from "@/components/webhooks/action-buttons";
import CreateWebhookDialog from "@/components/webhooks/create-webhook-dialog";

withServiceInPage();

async function openDialog() {
  const rendered = renderPage(
    <CreateWebhookDialog
      permission={{ allowed: true }}
      usingReferenceService
      trigger={<AddSubscriptionButton permission={{ allowed: true }} />}
    />,
  );
  await rendered.user.click(screen.getByRole("button", { name: "Add subscription" }));
  const dialog = screen.getByRole("dialog", { name: "Add a webhook subscription" });
  // The event types are the service's own list.
  await within(dialog).findByRole("checkbox", { name: /Flags detected/ });
  const url = within(dialog).getByLabelText("Endpoint URL");
  const add = () => rendered.user.click(within(dialog).getByRole("button", { name: "Add subscription" }));
  return { ...rendered, dialog, url, add };
}

const posts = () => sentFromPage.filter((r) => r.startsWith("POST"));

describe("the add-subscription dialog", () => {
  it("says https is needed, and on the reference service that loopback http is accepted", async () => {
    const { url } = await openDialog();
    expect(url).toHaveAccessibleDescription(expect.stringContaining("It must start with https://"));
    expect(url).toHaveAccessibleDescription(expect.stringContaining("127.0.0.1 or localhost"));
  });

  it("an address that is not one, and no event type, are each refused on their own line; nothing is sent", async () => {
    const { user, dialog, url, add } = await openDialog();
    await user.type(url, "not a web address");
    await add();

    expect(
      await within(dialog).findByText("Enter a web address, such as https://example.com/hooks."),
    ).toBeVisible();
    expect(url).toHaveAttribute("aria-invalid", "true");
    expect(url).toHaveAccessibleDescription(
      expect.stringContaining("Enter a web address, such as https://example.com/hooks."),
    );
    const types = within(dialog).getByRole("group", { name: "Event types" });
    expect(types).toHaveAccessibleDescription(expect.stringContaining("Choose at least one event type."));
    expect(url).toHaveValue("not a web address");
    expect(posts()).toEqual([]);
  });

  it("a public http address is refused in the service's words beside the URL; what was typed stays", async () => {
    const { user, dialog, url, add } = await openDialog();
    await user.type(url, "http://example.com/hooks");
    await user.click(within(dialog).getByRole("checkbox", { name: /Flags detected/ }));
    await add();

    expect(
      await within(dialog).findByText(
        "The endpoint must use https (plain http is accepted only to a loopback host by the reference service).",
      ),
    ).toBeVisible();
    expect(url).toHaveAttribute("aria-invalid", "true");
    expect(url).toHaveValue("http://example.com/hooks");
    expect(within(dialog).getByRole("checkbox", { name: /Flags detected/ })).toBeChecked();
    expect(posts()).toEqual(["POST /api/svc/webhooks"]);
  });

  it("checking a type clears the group's refusal", async () => {
    const { user, dialog, url, add } = await openDialog();
    await user.type(url, "https://example.com/hooks");
    await add();
    const types = within(dialog).getByRole("group", { name: "Event types" });
    expect(await within(types).findByText("Choose at least one event type.")).toBeVisible();
    await user.click(within(dialog).getByRole("checkbox", { name: /Reservations ingested/ }));
    expect(within(types).queryByText("Choose at least one event type.")).not.toBeInTheDocument();
  });

  it("Cancel closes the dialog without sending anything", async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(posts()).toEqual([]);
  });
});
