import { screen, waitFor, within } from "@testing-library/react";
import { NuqsTestingAdapter } from "nuqs/adapters/testing";
import { describe, expect, it } from "vitest";
import type { Listing } from "@/lib/svc/schemas/listings";
import {
  alertsPage,
  clearRules,
  firedAlerts,
  routeAlerts,
  storedRule,
  withAlertsInPage,
} from "@/test-support/alerts-in-page";
import { callServiceAs, serviceAnswer, withServiceInPage } from "@/test-support/dom-service";
import { renderPage } from "@/test-support/render";
import { AlertsView } from "@/components/alerts/alerts-view";

/**
 * The Alerts page against the real thing: the page's requests to /api/alerts go to the real
 * route handlers and store (test-support/alerts-in-page.ts); names come from the real
 * reference service through the BFF.
 */
withServiceInPage();
withAlertsInPage();

function openPage(search = "") {
  return renderPage(
    <NuqsTestingAdapter hasMemory searchParams={search}>
      <AlertsView />
    </NuqsTestingAdapter>,
  );
}

const inboxReady = () =>
  waitFor(() => expect(screen.getByTestId("alert-inbox")).toHaveAttribute("data-state", "ready"), {
    timeout: 10_000,
  });

describe("the rule dialog", () => {
  it("offers the fields of the kind chosen, and creates the rule the server words", async () => {
    await clearRules();
    routeAlerts();
    const { user } = openPage();
    await user.click(await screen.findByRole("button", { name: "New rule" }, { timeout: 10_000 }));
    const dialog = await screen.findByRole("dialog", { name: "New alert rule" }, { timeout: 10_000 });
    const d = within(dialog);
    expect(d.getByLabelText("Measured on")).toHaveValue("nights");
    expect(d.getByLabelText("Percent behind the same time last year")).toHaveValue(15);
    const fewNights = d.getByText(
      "A month that held fewer than 5 nights at this time last year is left out.",
    );
    expect(d.getByLabelText("Measured on").getAttribute("aria-describedby")).toContain(fewNights.id);

    const kind = d.getByLabelText("Watch for");
    await user.selectOptions(kind, "No new booking");
    expect(d.queryByLabelText("Measured on")).not.toBeInTheDocument();
    expect(d.getByLabelText("Days without a new booking")).toHaveValue(14);
    await user.selectOptions(kind, "Occupancy below the market's");
    expect(d.getByLabelText("Nights ahead")).toHaveValue("14");
    expect(d.getByLabelText("Percent of the market's occupancy")).toHaveValue(80);
    await user.selectOptions(kind, "A listing gained a flag");
    expect(
      d.getByText(/^No threshold: any flag a listing gains, as the portfolio mirror reads/),
    ).toBeVisible();
    // Every kind is evaluated: none says otherwise.
    expect(d.queryByText(/not evaluated/)).not.toBeInTheDocument();
    await user.selectOptions(kind, "The comps' prices moved");
    expect(d.getByLabelText("Set")).toBeInTheDocument();
    expect(
      d.getByText(/^Compared once a day, when the portfolio mirror reads the set's prices/),
    ).toBeVisible();
    expect(d.queryByText(/not evaluated/)).not.toBeInTheDocument();

    await user.selectOptions(kind, "Nights at the minimum price");
    const nights = d.getByLabelText("More than this many of the next 30 nights");
    await user.clear(nights);
    await user.type(nights, "30");
    await user.click(d.getByRole("button", { name: "Create the rule" }));
    // The server's own schema, in the form: its sentence under the field, nothing sent.
    expect(nights).toHaveAccessibleDescription(/Nights at the minimum price can be at most 29\./);
    await user.clear(nights);
    await user.type(nights, "3");
    await user.selectOptions(d.getByLabelText("By e-mail"), "Immediately");
    await user.click(d.getByRole("button", { name: "Create the rule" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const rules = within(screen.getByRole("list", { name: "Alert rules" }));
    expect(
      await rules.findByText(/^More than 3 of the next 30 nights priced at the minimum price$/),
    ).toBeVisible();
    expect(rules.getByText("The whole portfolio")).toBeVisible();
    expect(rules.getByText("E-mail immediately; webhook off")).toBeVisible();
  });

  it("puts the server's refusal of a field beside that field", async () => {
    await clearRules();
    // The body changed on its way, as a page bypassing its own form would send it.
    routeAlerts(undefined, (url, body) =>
      url === "/api/alerts/rules" && body ? body.replace(/"days":\d+/, '"days":0') : body,
    );
    const { user } = openPage();
    await user.click(await screen.findByRole("button", { name: "New rule" }, { timeout: 10_000 }));
    const d = within(await screen.findByRole("dialog", { name: "New alert rule" }, { timeout: 10_000 }));
    await user.selectOptions(d.getByLabelText("Watch for"), "No new booking");
    await user.click(d.getByRole("button", { name: "Create the rule" }));
    await waitFor(() =>
      expect(d.getByLabelText("Days without a new booking")).toHaveAccessibleDescription(
        /Days without a booking must be at least 1\./,
      ),
    );
    expect(screen.getByRole("dialog", { name: "New alert rule" })).toBeVisible();
  });
});

describe("the comps_moved rule's set picker", () => {
  it("offers every paid set, past the first page of the sets list", async () => {
    // Twenty-one sets more, the last of them paid: the list's first page of twenty never holds it.
    const listings = await serviceAnswer<Listing[]>("/listings?per_page=1");
    const [near] = await callServiceAs<Array<{ listing_id: string }>>(
      "owner",
      "GET",
      `/sets/candidates?listing_id=${listings[0]!.svc_id}&channel=svc&radius_km=5&per_page=1`,
    );
    let last = { id: "" };
    for (let i = 1; i <= 21; i++)
      last = await callServiceAs<{ id: string }>("owner", "POST", "/sets", {
        name: `Picker set ${String(i).padStart(2, "0")}`,
        listing_ids: [near!.listing_id],
      });
    await callServiceAs("owner", "POST", `/sets/${last.id}/upgrade`, {});
    await clearRules();
    routeAlerts();
    const { user } = openPage();
    await user.click(await screen.findByRole("button", { name: "New rule" }, { timeout: 10_000 }));
    const d = within(await screen.findByRole("dialog", { name: "New alert rule" }, { timeout: 10_000 }));
    await user.selectOptions(d.getByLabelText("Watch for"), "The comps' prices moved");
    const set = d.getByLabelText("Set");
    await waitFor(
      () => expect(within(set).getByRole("option", { name: "Picker set 21" })).toBeInTheDocument(),
      {
        timeout: 10_000,
      },
    );
    // Free sets are never offered: their prices are not read.
    expect(within(set).queryByRole("option", { name: "Picker set 01" })).not.toBeInTheDocument();
  });
});

describe("the inbox", () => {
  it("groups open alerts by rule with a count, names the listing, and snoozes and resolves", async () => {
    await clearRules();
    const listings = await serviceAnswer<Listing[]>("/listings?per_page=3");
    const noBooking = await storedRule({ kind: "no_booking", params: { days: 14 } });
    const atMinimum = await storedRule({ kind: "at_minimum", params: { nights: 5 } });
    const why = (i: number) =>
      `No new booking in the last 14 days, with ${i + 3} open nights in the next 30.`;
    await firedAlerts([
      [noBooking.id, listings[0]!.svc_id, why(0)],
      [noBooking.id, listings[1]!.svc_id, why(1)],
      [atMinimum.id, listings[2]!.svc_id, "Eight of the next 30 nights are at the minimum price."],
    ]);
    routeAlerts();
    const { user } = openPage();
    await inboxReady();
    const inbox = within(screen.getByTestId("alert-inbox"));
    const groups = await inbox.findAllByRole("group");
    expect(groups.map((g) => g.querySelector("summary")!.textContent)).toEqual([
      "No new booking in 14 days for a listing with open nights in the next 302 alerts",
      "More than 5 of the next 30 nights priced at the minimum price1 alert",
    ]);
    const first = within(inbox.getByRole("list", { name: /^No new booking in 14 days/ }));
    expect(first.getByText(why(0))).toBeVisible();
    expect(await first.findByRole("link", { name: listings[0]!.name })).toHaveAttribute(
      "href",
      `/listings/${listings[0]!.svc_id}`,
    );

    await user.click(first.getByRole("button", { name: `Snooze the alert on ${listings[0]!.name}` }));
    const snooze = within(
      await screen.findByRole("dialog", { name: "Snooze the alert" }, { timeout: 10_000 }),
    );
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(snooze.getByLabelText("Snooze until")).toHaveValue(tomorrow);
    await user.click(snooze.getByRole("button", { name: "Snooze" }));
    expect(
      await screen.findByText(new RegExp(`The alert on ${listings[0]!.name} is snoozed until`)),
    ).toBeVisible();
    await waitFor(() => expect(inbox.queryByText(why(0))).not.toBeInTheDocument());

    await user.click(inbox.getByRole("button", { name: `Resolve the alert on ${listings[1]!.name}` }));
    expect(await screen.findByText(`The alert on ${listings[1]!.name} is resolved.`)).toBeVisible();
    await waitFor(() => expect(inbox.queryByText(why(1))).not.toBeInTheDocument());

    await user.click(inbox.getByRole("radio", { name: "Snoozed" }));
    expect(await inbox.findByText(why(0))).toBeVisible();
    expect(inbox.getByText(/^Snoozed until /)).toBeVisible();
  });

  it("says what to do when nothing is open", async () => {
    await clearRules();
    routeAlerts();
    openPage();
    await inboxReady();
    expect(
      screen.getByText("No open alerts. Rules watch the portfolio; alerts appear here when one fires."),
    ).toBeVisible();
  });
});

describe("a read-only key", () => {
  it("sees the rules and alerts with no action, and is told why", async () => {
    await clearRules();
    const rule = await storedRule({ kind: "flag_gained", params: {} });
    const [listing] = await serviceAnswer<Listing[]>("/listings?per_page=1");
    await firedAlerts([[rule.id, listing!.svc_id, "It gained a flag."]]);
    routeAlerts(() => alertsPage.readOnlyCookie);
    openPage();
    await inboxReady();
    expect(await screen.findByText("It gained a flag.")).toBeVisible();
    expect(
      screen.getByText(/^Your API key is read-only: you can see the rules and alerts but not change them\./),
    ).toBeVisible();
    const rules = within(screen.getByRole("list", { name: "Alert rules" }));
    expect(rules.getByText("A listing gained a flag")).toBeVisible();
    for (const name of ["New rule", /^Edit/, /^Delete/, /^Snooze/, /^Resolve/])
      expect(screen.queryByRole("button", { name })).not.toBeInTheDocument();
    expect(screen.queryByRole("switch")).not.toBeInTheDocument();
  });
});
