import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { sentFromPage, withServiceInPage } from "@/test-support/dom-service";
import { renderPage } from "@/test-support/render";
import { CreateKeyDialog } from "@/components/api-keys/create-key-dialog";

withServiceInPage();

const allowed = { allowed: true as const };

async function openDialog() {
  const rendered = renderPage(<CreateKeyDialog permission={allowed} />);
  await rendered.user.click(screen.getByRole("button", { name: "Create key" }));
  const dialog = screen.getByRole("dialog", { name: "Create an API key" });
  return { ...rendered, dialog, name: within(dialog).getByLabelText("Name") };
}

describe("the create-key dialog", () => {
  it("a name over 80 characters is refused in a sentence naming the field; the name stays and nothing is sent", async () => {
    const { user, dialog, name } = await openDialog();
    const long = "Seaside portfolio integration ".repeat(3);
    await user.type(name, long);
    await user.click(within(dialog).getByRole("button", { name: "Create key" }));

    expect(await within(dialog).findByText("Name can be at most 80 characters.")).toBeVisible();
    expect(dialog).not.toHaveTextContent(/Too big|expected string/);
    expect(name).toHaveValue(long);
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveAccessibleDescription("Name can be at most 80 characters.");
    expect(screen.queryByRole("dialog", { name: "Copy your new API key" })).not.toBeInTheDocument();
    expect(sentFromPage).toEqual([]);
  });

  it("an empty name asks for one", async () => {
    const { user, dialog, name } = await openDialog();
    await user.type(name, "   ");
    await user.click(within(dialog).getByRole("button", { name: "Create key" }));
    expect(await within(dialog).findByText("Give the key a name.")).toBeVisible();
    expect(sentFromPage).toEqual([]);
  });

  it("a valid name creates the key on the service and shows it once, read-only as asked", async () => {
    const { user, dialog, name } = await openDialog();
    await user.type(name, "Board report");
    await user.click(within(dialog).getByRole("checkbox", { name: "Read-only" }));
    await user.click(within(dialog).getByRole("button", { name: "Create key" }));

    const shown = await screen.findByRole("dialog", { name: "Copy your new API key" });
    const secret = within(shown).getByRole<HTMLInputElement>("textbox", { name: "Your new API key" });
    expect(secret.value).toMatch(/^sk_live_[0-9a-f]{32}$/);
    expect(shown).toHaveTextContent("Board report is ready: a read-only key.");
    expect(sentFromPage).toEqual(["POST /api/svc/api_keys"]);
  });

  it("Cancel closes the dialog; opened again, the refused name is kept but its old reason is not", async () => {
    const { user, dialog, name } = await openDialog();
    await user.type(name, "x".repeat(81));
    await user.click(within(dialog).getByRole("button", { name: "Create key" }));
    expect(await within(dialog).findByText("Name can be at most 80 characters.")).toBeVisible();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Create key" }));
    const again = screen.getByRole("dialog", { name: "Create an API key" });
    expect(within(again).getByLabelText("Name")).toHaveValue("x".repeat(81));
    expect(within(again).getByRole("alert")).toBeEmptyDOMElement();
  });

  it("without permission the trigger is disabled and says why through its description", () => {
    renderPage(
      <>
        <p id="why">Your session uses a read-only key, which cannot create or revoke keys.</p>
        <CreateKeyDialog permission={{ allowed: false, reason: "read-only key" }} describedBy="why" />
      </>,
    );
    const trigger = screen.getByRole("button", { name: "Create key" });
    expect(trigger).toBeDisabled();
    expect(trigger).toHaveAccessibleDescription(
      "Your session uses a read-only key, which cannot create or revoke keys.",
    );
  });
});
