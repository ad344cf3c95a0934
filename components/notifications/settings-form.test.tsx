import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import type { NotificationSetting } from "@/lib/svc/schemas/notifications";
import { sentFromPage, serviceAnswer, withServiceInPage } from "@/test-support/dom-service";
import { renderPage } from "@/test-support/render";
import { SettingsForm } from "@/components/notifications/settings-form";

withServiceInPage();

let saved: NotificationSetting[];
beforeAll(async () => {
  // The matrix as the service holds it for the owner.
  saved = await serviceAnswer<NotificationSetting[]>("/notification_settings");
});

const switches = () => screen.getAllByRole("switch");
const status = () => screen.getByRole("status");

describe("the notification settings form", () => {
  it("nothing changed: Save and Undo are disabled and no change is counted", () => {
    renderPage(<SettingsForm saved={saved} permission={{ allowed: true }} />);
    expect(switches()).toHaveLength(saved.length * 2);
    expect(screen.getByRole("button", { name: "Save settings" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Undo changes" })).toBeDisabled();
    expect(status()).toBeEmptyDOMElement();
  });

  it("each flip is counted; Undo puts every switch back", async () => {
    const { user } = renderPage(<SettingsForm saved={saved} permission={{ allowed: true }} />);
    const [first, second] = switches();
    const before = [first!.matches(":checked"), second!.matches(":checked")];
    await user.click(first!);
    expect(status()).toHaveTextContent("1 unsaved change.");
    await user.click(second!);
    expect(status()).toHaveTextContent("2 unsaved changes.");
    await user.click(screen.getByRole("button", { name: "Undo changes" }));
    expect([first!.matches(":checked"), second!.matches(":checked")]).toEqual(before);
    expect(status()).toBeEmptyDOMElement();
    expect(sentFromPage).toEqual([]);
  });

  it("every switch off is said plainly before saving", async () => {
    const { user } = renderPage(<SettingsForm saved={saved} permission={{ allowed: true }} />);
    expect(screen.queryByRole("note")).not.toBeInTheDocument();
    for (const toggle of switches()) if ((toggle as HTMLInputElement).checked) await user.click(toggle);
    expect(screen.getByRole("note")).toHaveTextContent(
      "Every switch is off: nothing new will reach you, in the app or by email, until you switch one back on.",
    );
  });

  it("Save sends one request to the service and says how many switches changed", async () => {
    const { user } = renderPage(<SettingsForm saved={saved} permission={{ allowed: true }} />);
    await user.click(switches()[0]!);
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    expect(await screen.findByText("Saved. 1 switch changed.")).toBeVisible();
    expect(sentFromPage).toEqual(["PUT /api/svc/notification_settings"]);
    const stored = await serviceAnswer<NotificationSetting[]>("/notification_settings");
    expect(stored[0]!.in_app).toBe(!saved[0]!.in_app);
  });

  it("without permission every switch and Save are disabled, each described by the reason", () => {
    const reason = "Your session uses a read-only key, which cannot change settings.";
    renderPage(<SettingsForm saved={saved} permission={{ allowed: false, reason }} />);
    for (const toggle of switches()) {
      expect(toggle).toBeDisabled();
      expect(toggle).toHaveAccessibleDescription(reason);
    }
    const save = screen.getByRole("button", { name: "Save settings" });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription(reason);
  });

  it("each event is a group named for it, with an In-app and an Email switch", () => {
    renderPage(<SettingsForm saved={saved} permission={{ allowed: true }} />);
    const groups = screen.getAllByRole("group");
    expect(groups).toHaveLength(saved.length);
    for (const group of groups) {
      expect(group).toHaveAccessibleName();
      expect(
        within(group)
          .getAllByRole("switch")
          .map((s) => s.closest("div")?.textContent),
      ).toEqual(["In-app", "Email"]);
    }
  });
});
