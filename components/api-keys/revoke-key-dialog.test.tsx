import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { READ_ONLY_SESSION_REASON, revokeKeyPermission } from "@/lib/api-keys/display";
import type { ApiKey } from "@/lib/svc/schemas/api-keys";
import {
  callServiceAs,
  personaKey,
  sentFromPage,
  serviceAnswer,
  withServiceInPage,
} from "@/test-support/dom-service";
import { renderPage } from "@/test-support/render";
import { ApiKeysView } from "@/components/api-keys/api-keys-view";
import { RevokeKeyDialog } from "@/components/api-keys/revoke-key-dialog";

withServiceInPage();

const allowed = { allowed: true as const };
const deletes = () => sentFromPage.filter((r) => r.startsWith("DELETE"));

/** The owner's keys as the service lists them now. */
const ownerKeys = () => serviceAnswer<ApiKey[]>("/api_keys");
const keyNamed = async (name: string) => (await ownerKeys()).find((k) => k.name === name)!;

/** What the service answers a request made with `key` itself. */
const statusWith = async (key: string) =>
  (await fetch(`${process.env.SVC_BASE_URL}/listings`, { headers: { "x-api-key": key } })).status;

function renderRevoke(apiKey: ApiKey, isSession = false) {
  const rendered = renderPage(<RevokeKeyDialog apiKey={apiKey} isSession={isSession} permission={allowed} />);
  const trigger = screen.getByRole("button", { name: `Revoke ${apiKey.name} (ending ${apiKey.last4})` });
  return { ...rendered, trigger };
}

describe("the revoke-key dialog", () => {
  it("asks first, naming the key and its last four; Cancel revokes nothing and gives focus back to Revoke", async () => {
    const channel = await keyNamed("Channel manager sync");
    const { user, trigger } = renderRevoke(channel);
    await user.click(trigger);

    const confirm = screen.getByRole("alertdialog", { name: "Revoke “Channel manager sync”?" });
    expect(confirm).toHaveTextContent(`The key ending in ${channel.last4} stops working at once`);
    expect(confirm).toHaveTextContent("This cannot be undone.");
    expect(within(confirm).queryByText("This dashboard session uses this key.")).not.toBeInTheDocument();

    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(deletes()).toEqual([]);
    expect((await keyNamed("Channel manager sync")).revoked_at).toBeNull();
    expect(await statusWith(await personaKey("owner", "channel_integration"))).toBe(200);
  });

  it("opens from the keyboard, and Escape closes it without revoking", async () => {
    const channel = await keyNamed("Channel manager sync");
    const { user, trigger } = renderRevoke(channel);
    await user.tab();
    expect(trigger).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("alertdialog", { name: "Revoke “Channel manager sync”?" })).toBeVisible();

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(deletes()).toEqual([]);
  });

  it("Revoke key revokes it on the service, which then refuses it, and the dialog closes", async () => {
    // A key made for this test elsewhere, so the seeded ones stay as they are.
    const made = await callServiceAs<ApiKey & { key: string }>("owner", "POST", "/api_keys", {
      name: "Old spreadsheet",
    });
    expect(await statusWith(made.key)).toBe(200);
    const { user, trigger } = renderRevoke(await keyNamed("Old spreadsheet"));
    await user.click(trigger);
    const confirm = screen.getByRole("alertdialog", { name: "Revoke “Old spreadsheet”?" });
    await user.click(within(confirm).getByRole("button", { name: "Revoke key" }));

    await screen.findByRole("button", { name: /^Revoke Old spreadsheet/ });
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(deletes()).toEqual([`DELETE /api/svc/api_keys/${made.token_id}`]);
    expect((await keyNamed("Old spreadsheet")).revoked_at).not.toBeNull();
    expect(await statusWith(made.key)).toBe(401);
  });

  it("a key that is not on the account is refused in the dialog in words, which stays open", async () => {
    // Another user's key: the service answers that no such key is on the owner's account.
    const [managerKey] = await callServiceAs<ApiKey[]>("manager", "GET", "/api_keys");
    const { user, trigger } = renderRevoke(managerKey!);
    await user.click(trigger);
    const confirm = screen.getByRole("alertdialog");
    await user.click(within(confirm).getByRole("button", { name: "Revoke key" }));

    // The line is there, empty, from the start: wait for the service's answer in it.
    await waitFor(() =>
      expect(within(confirm).getByRole("alert")).toHaveTextContent(
        "This key no longer exists on your account. The list has been refreshed.",
      ),
    );
    expect(confirm).toBeVisible();
    expect(deletes()).toEqual([`DELETE /api/svc/api_keys/${managerKey!.token_id}`]);

    // Closed and opened again, the old reason is gone.
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await user.click(trigger);
    expect(within(screen.getByRole("alertdialog")).getByRole("alert")).toBeEmptyDOMElement();
  });

  it("the key this session uses warns that revoking it signs the dashboard out, and the button says so", async () => {
    const own = await keyNamed("Dashboard");
    const { user, trigger } = renderRevoke(own, true);
    await user.click(trigger);
    const confirm = screen.getByRole("alertdialog", { name: "Revoke “Dashboard”?" });
    expect(confirm).toHaveTextContent(
      "This dashboard session uses this key. Revoking it signs you out; sign in again with another key.",
    );
    expect(within(confirm).getByRole("button", { name: "Revoke and sign out" })).toBeEnabled();
    expect(within(confirm).queryByRole("button", { name: "Revoke key" })).not.toBeInTheDocument();
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(deletes()).toEqual([]);
  });

  it("a read-only session's Revoke is disabled and says why through its description", async () => {
    const reporting = await keyNamed("Reporting (read-only)");
    const permission = revokeKeyPermission(reporting, "read_only");
    renderPage(
      <>
        <p id="why">{READ_ONLY_SESSION_REASON}</p>
        <RevokeKeyDialog apiKey={reporting} isSession permission={permission} describedBy="why" />
      </>,
    );
    const trigger = screen.getByRole("button", { name: /^Revoke Reporting \(read-only\)/ });
    expect(trigger).toBeDisabled();
    expect(trigger).toHaveAccessibleDescription(
      "Your session uses a read-only key, which cannot create or revoke keys.",
    );
  });

  it("on the keys page, a revoked key leaves the active list for the revoked ones and the count drops", async () => {
    await callServiceAs("owner", "POST", "/api_keys", { name: "Ops export" });
    const before = await ownerKeys();
    const active = before.filter((k) => k.revoked_at === null).length;
    const revoked = before.length - active;
    const { user } = renderPage(
      <ApiKeysView keyKind="standard" keyLast4={(await keyNamed("Dashboard")).last4} />,
    );
    const activeTable = await screen.findByRole("table", { name: "Active keys" });
    expect(screen.getByText(`${active} of 5 active keys in use`)).toBeVisible();
    // The session's own key is marked, once.
    expect(screen.getAllByText("This session")).toHaveLength(1);

    await user.click(within(activeTable).getByRole("button", { name: /^Revoke Ops export/ }));
    const confirm = screen.getByRole("alertdialog", { name: "Revoke “Ops export”?" });
    await user.click(within(confirm).getByRole("button", { name: "Revoke key" }));

    expect(await screen.findByText(`${active - 1} of 5 active keys in use`)).toBeVisible();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(within(screen.getByRole("table", { name: "Active keys" })).queryByText("Ops export")).toBeNull();
    await user.click(screen.getByText(`Revoked keys (${revoked + 1})`));
    const revokedTable = screen.getByRole("table", { name: "Revoked keys" });
    expect(within(revokedTable).getByText("Ops export")).toBeVisible();
  });
});
