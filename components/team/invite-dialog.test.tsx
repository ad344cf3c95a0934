import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { Button } from "@/components/ui/button";
import { personas, sentFromPage, withServiceInPage } from "@/test-support/dom-service";
import { renderPage } from "@/test-support/render";
import InviteDialog from "@/components/team/invite-dialog";

withServiceInPage();

let emails: Record<string, string>;
beforeAll(async () => {
  emails = Object.fromEntries((await personas()).map((p) => [p.persona, p.email]));
});

async function openDialog() {
  const rendered = renderPage(<InviteDialog trigger={<Button>Invite member</Button>} />);
  await rendered.user.click(screen.getByRole("button", { name: "Invite member" }));
  const dialog = screen.getByRole("dialog", { name: "Invite someone to your team" });
  const email = within(dialog).getByLabelText("Email address");
  const send = () => rendered.user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
  return { ...rendered, dialog, email, send };
}

const posts = () => sentFromPage.filter((r) => r.startsWith("POST"));

describe("the invite dialog", () => {
  it("an invalid email is refused in a sentence on its line, marked invalid, kept, and not sent", async () => {
    const { user, dialog, email, send } = await openDialog();
    await user.type(email, "x@example");
    await send();

    expect(
      await within(dialog).findByText("Give a valid email address, like name@example.com."),
    ).toBeVisible();
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription("Give a valid email address, like name@example.com.");
    expect(email).toHaveValue("x@example");
    expect(posts()).toEqual([]);
  });

  it("each level is a radio saying what it allows; viewer is chosen first", async () => {
    const { dialog } = await openDialog();
    const levels = within(dialog).getByRole("group", { name: "Level on your listings" });
    expect(
      within(levels)
        .getAllByRole("radio")
        .map((r) => r.getAttribute("value")),
    ).toEqual(["manager", "editor", "restricted_editor", "viewer"]);
    expect(within(levels).getByRole("radio", { name: /^Viewer/ })).toBeChecked();
  });

  it("someone already in the team is refused in the service's words; the address stays", async () => {
    const { user, dialog, email, send } = await openDialog();
    await user.type(email, emails.manager!);
    await send();
    // Said as a sentence: the address's first letter is capitalised there.
    const sentence = `${emails.manager} is already in your team and has accepted.`;
    expect(await within(dialog).findByText(sentence[0]!.toUpperCase() + sentence.slice(1))).toBeVisible();
    expect(email).toHaveValue(emails.manager);
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(posts()).toHaveLength(1);
  });

  it("one's own address is refused with the reason", async () => {
    const { user, dialog, email, send } = await openDialog();
    await user.type(email, emails.owner!);
    await send();
    expect(
      await within(dialog).findByText("That is your own address: you own this team. Invite someone else."),
    ).toBeVisible();
    expect(email).toHaveValue(emails.owner);
  });

  it("a new address at a chosen level is invited and the dialog closes", async () => {
    const { user, dialog, email, send } = await openDialog();
    await user.type(email, "new.person@example.com");
    await user.click(within(dialog).getByRole("radio", { name: /^Editor/ }));
    await send();
    await screen.findByRole("button", { name: "Invite member" });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(posts()).toEqual(["POST /api/svc/teams/members/invite"]);
  });

  it("reopened after Cancel, the typed address is kept but its refusal is gone", async () => {
    const { user, dialog, email, send } = await openDialog();
    await user.type(email, "nope");
    await send();
    await within(dialog).findByText("Give a valid email address, like name@example.com.");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await user.click(screen.getByRole("button", { name: "Invite member" }));
    const again = screen.getByRole("dialog");
    expect(within(again).getByLabelText("Email address")).toHaveValue("nope");
    expect(within(again).getByLabelText("Email address")).not.toHaveAttribute("aria-invalid");
  });
});
