import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Listing } from "@/lib/svc/schemas/listings";
import type { Notification } from "@/lib/svc/schemas/notifications";
import {
  clearRules,
  firedAlerts,
  routeAlerts,
  storedRule,
  withAlertsInPage,
} from "@/test-support/alerts-in-page";
import { routePageRequests, serviceAnswer, withServiceInPage } from "@/test-support/dom-service";
import { renderPage } from "@/test-support/render";
import { NotificationBell } from "@/components/notifications/notification-bell";

/**
 * The bell's two counts against the real service and the real alerts routes: the service's
 * undismissed notifications and the open alerts, told apart in its name, its badges and its
 * panel; a failed alerts read leaves the notifications' count as it was.
 */
withServiceInPage();
withAlertsInPage();

const bellReady = () =>
  waitFor(() => expect(screen.getByTestId("notification-bell")).toHaveAttribute("data-state", "ready"), {
    timeout: 10_000,
  });

describe("the bell's two counts", () => {
  it("counts open alerts beside the notifications, in its name, a badge of its own and a line of the panel", async () => {
    await clearRules();
    const unread = (await serviceAnswer<Notification[]>("/notifications?per_page=100")).length;
    const listings = await serviceAnswer<Listing[]>("/listings?per_page=3");
    const rule = await storedRule({ kind: "no_booking", params: { days: 7 } });
    await firedAlerts(listings.map((l) => [rule.id, l.svc_id, `No booking for ${l.name}.`]));
    routeAlerts();
    const { user } = renderPage(<NotificationBell keyKind="standard" />);
    await bellReady();
    const bell = await screen.findByRole("button", { name: /; 3 open alerts$/ }, { timeout: 10_000 });
    expect(bell).toHaveAccessibleName(
      unread >= 10
        ? /^Notifications, \d+( or more)? unread; 3 open alerts$/
        : `Notifications, ${unread} unread; 3 open alerts`,
    );
    expect(screen.getByTestId("bell-alerts-badge")).toHaveTextContent("3");
    await user.click(bell);
    const panel = await screen.findByRole("dialog", { name: "Notifications" }, { timeout: 10_000 });
    expect(within(panel).getByRole("link", { name: "3 open alerts" })).toHaveAttribute("href", "/alerts");
  });

  it("with no open alert, the bell's name and badges are the notifications' alone", async () => {
    await clearRules();
    routeAlerts();
    renderPage(<NotificationBell keyKind="standard" />);
    await bellReady();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: /^Notifications, / })).not.toHaveAccessibleName(/alert/),
    );
    expect(screen.queryByTestId("bell-alerts-badge")).not.toBeInTheDocument();
  });

  it("an alerts read that fails neither fails nor changes the notifications' count", async () => {
    const unread = (await serviceAnswer<Notification[]>("/notifications?per_page=10")).length;
    // The dashboard cannot be reached for this one read, as on a dropped connection.
    routePageRequests(async (url) => {
      if (url.includes("/api/alerts/count")) throw new TypeError("Failed to fetch");
      return null;
    });
    renderPage(<NotificationBell keyKind="standard" />);
    await bellReady();
    const bell = screen.getByRole("button", { name: /^Notifications, / });
    expect(bell).toHaveAccessibleName(
      unread < 10 ? `Notifications, ${unread} unread` : /^Notifications, \d+/,
    );
    expect(bell).not.toHaveAccessibleName(/alert/);
    expect(screen.queryByTestId("bell-alerts-badge")).not.toBeInTheDocument();
  });
});
