import { screen } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { renderPage } from "@/test-support/render";
import { request } from "@/test-support/bff";
import { routePageRequests, withServiceInPage } from "@/test-support/dom-service";
import { DeliveryView } from "@/components/alerts-delivery/delivery-view";

/**
 * The delivery page's form against the real delivery routes (the dashboard's own SQLite under
 * the test run's DATA_DIR) and the reference service behind them, signed in as the owner. No
 * SMTP_URL here: the page says e-mail is not set up, and saving works all the same.
 */
withServiceInPage();
let delivery: typeof import("@/app/api/alerts/delivery/route");
beforeAll(async () => {
  delivery = await import("@/app/api/alerts/delivery/route");
});
beforeEach(() => {
  routePageRequests(async (url, method, init) => {
    if (!url.startsWith("/api/alerts/delivery")) return null;
    const sent = request(url, {
      method,
      headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
      body: typeof init.body === "string" ? init.body : undefined,
    });
    return method === "PUT" ? delivery.PUT(sent) : delivery.GET(sent);
  });
});

describe("the e-mail delivery form", () => {
  it("offers the owner's address and the browser's zone, refuses a bad address in a sentence, and saves", async () => {
    const { user } = renderPage(<DeliveryView />);
    expect(screen.getByRole("status", { name: "Loading your delivery settings" })).toHaveAttribute(
      "aria-busy",
      "true",
    );
    const address = await screen.findByRole("textbox", { name: "E-mail address" });
    expect(
      screen.getByText(
        "E-mail is not set up on this server (no SMTP_URL), so nothing is sent. Your settings are kept for when it is.",
      ),
    ).toBeVisible();
    expect(
      screen.getByText("Nothing is sent to you yet: save an address to receive alerts by e-mail."),
    ).toBeVisible();
    expect((address as HTMLInputElement).value).toMatch(/@/);
    const zone = screen.getByRole("combobox", { name: "Time zone" });
    expect(zone).toHaveValue(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(screen.getByRole("button", { name: "Send a test e-mail" })).toBeDisabled();

    await user.clear(address);
    await user.type(address, "anna.example.com");
    await user.clear(zone);
    await user.type(zone, "Europe/Atlantis");
    await user.click(screen.getByRole("button", { name: "Save delivery settings" }));
    expect(await screen.findByText("The e-mail address must look like anna@example.com.")).toBeVisible();
    expect(address).toHaveAttribute("aria-invalid", "true");
    expect(
      screen.getByText("The time zone must be a name from the time zone list, such as Europe/Paris."),
    ).toBeVisible();

    await user.clear(address);
    await user.type(address, "anna@example.com");
    await user.clear(zone);
    await user.type(zone, "Europe/Paris");
    await user.click(screen.getByRole("switch", { name: "E-mail me at once when an immediate rule fires" }));
    await user.click(screen.getByRole("button", { name: "Save delivery settings" }));
    expect(
      await screen.findByText(/^Saved\. Next digest: (today|tomorrow) at 07:00, Europe\/Paris\.$/),
    ).toBeVisible();
    expect(screen.getByText(/^Next digest: (today|tomorrow) at 07:00, Europe\/Paris\.$/)).toBeVisible();

    const stored = await (await delivery.GET(request("/api/alerts/delivery"))).json();
    expect(stored.settings).toEqual({
      email: "anna@example.com",
      time_zone: "Europe/Paris",
      digest_time: "07:00",
      digest: true,
      immediate: false,
    });
  });

  it("a saved person sees their own settings back, and the digest switched off says so", async () => {
    const body = { email: "anna@example.com", time_zone: "Asia/Tokyo", digest_time: "06:30", digest: true };
    const put = await delivery.PUT(
      request("/api/alerts/delivery", {
        method: "PUT",
        headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
        body: JSON.stringify(body),
      }),
    );
    expect(put.status).toBe(200);
    const { user } = renderPage(<DeliveryView />);
    const digest = await screen.findByRole("switch", { name: "Send me the morning digest" });
    expect(screen.getByRole("textbox", { name: "E-mail address" })).toHaveValue("anna@example.com");
    expect(screen.getByRole("combobox", { name: "Time zone" })).toHaveValue("Asia/Tokyo");
    expect(screen.getByText(/^Next digest: (today|tomorrow) at 06:30, Asia\/Tokyo\.$/)).toBeVisible();
    await user.click(digest);
    await user.click(screen.getByRole("button", { name: "Save delivery settings" }));
    expect(await screen.findByText("Your morning digest is off.")).toBeVisible();
  });
});
