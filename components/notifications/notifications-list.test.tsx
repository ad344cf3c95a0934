import { screen, waitFor, within } from "@testing-library/react";
import { NuqsTestingAdapter, type UrlUpdateEvent } from "nuqs/adapters/testing";
import { describe, expect, it } from "vitest";
import type { Listing } from "@/lib/svc/schemas/listings";
import type { Notification } from "@/lib/svc/schemas/notifications";
import { sentFromPage, serviceAnswer, withServiceInPage } from "@/test-support/dom-service";
import { renderPage } from "@/test-support/render";
import { NotificationsList } from "@/components/notifications/notifications-list";

withServiceInPage();

function openList(search = "") {
  const urls: UrlUpdateEvent[] = [];
  const rendered = renderPage(
    <NuqsTestingAdapter hasMemory searchParams={search} onUrlUpdate={(event) => void urls.push(event)}>
      <NotificationsList keyKind="standard" />
    </NuqsTestingAdapter>,
  );
  return { ...rendered, urls };
}

const ready = () =>
  waitFor(() => expect(screen.getByTestId("notifications")).toHaveAttribute("data-state", "ready"), {
    timeout: 10_000,
  });
const rows = () => within(screen.getByRole("list", { name: "Notifications" })).getAllByRole("listitem");

describe("the notifications page", () => {
  it("names each listing by its name, from one portfolio read at most, never one request per notification", async () => {
    const shown = await serviceAnswer<Notification[]>("/notifications?per_page=20");
    const first = shown.find((n) => n.listing_id !== null)!;
    const listing = await serviceAnswer<Listing>(`/listings/${first.listing_id}?channel=svc`);
    sentFromPage.splice(0);
    openList();
    await ready();
    const link = await screen.findAllByRole("link", { name: listing.name }, { timeout: 10_000 });
    expect(link[0]).toHaveAttribute("href", `/listings/${first.listing_id}`);
    expect(screen.queryByRole("link", { name: /^(Open listing|Listing) \d+/ })).not.toBeInTheDocument();
    expect(sentFromPage.filter((r) => r.startsWith("GET /api/svc/listings"))).toEqual([
      "GET /api/svc/listings?include_managed_listings=true&page=1&per_page=100",
    ]);
  });

  it("writes the service's dates in words, never as ISO days or moments", async () => {
    openList();
    await ready();
    for (const row of rows()) expect(row.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it("filters by type, in the URL, each type in words", async () => {
    const all = await serviceAnswer<Notification[]>("/notifications?per_page=100");
    const flagged = all.filter((n) => n.event === "flags.detected");
    expect(flagged.length).toBeGreaterThan(0);
    const { user, urls } = openList();
    await ready();
    const type = screen.getByRole("combobox", { name: "Type" });
    expect(within(type).getByRole("option", { name: "All types" })).toBeInTheDocument();
    expect(within(type).queryByRole("option", { name: "flags.detected" })).not.toBeInTheDocument();
    await user.selectOptions(type, "Listing flagged");
    await waitFor(() => expect(urls.at(-1)?.queryString).toBe("?type=flags.detected"));
    await ready();
    const noun = flagged.length === 1 ? "notification" : "notifications";
    expect(screen.getByText(`${flagged.length} “Listing flagged” ${noun} not dismissed yet.`)).toBeVisible();
    expect(rows()).toHaveLength(Math.min(flagged.length, 20));
    for (const row of rows()) expect(row).toHaveTextContent("Listing flagged");
  });

  it("a type without words of ours shows as it came, and its empty list leads back to every type", async () => {
    const { user, urls } = openList("?type=payouts.created");
    await ready();
    expect(screen.getByRole("combobox", { name: "Type" })).toHaveValue("payouts.created");
    expect(screen.getByRole("option", { name: "payouts.created" })).toBeInTheDocument();
    expect(screen.getByText("No “payouts.created” notifications waiting.")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Show every type" }));
    await waitFor(() => expect(urls.at(-1)?.queryString).toBe(""));
  });
});
