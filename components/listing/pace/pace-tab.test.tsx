import { act, screen, within } from "@testing-library/react";
import { NuqsTestingAdapter, type UrlUpdateEvent } from "nuqs/adapters/testing";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { PaceReportView, PaceRowView } from "@/lib/pace/queries";
import type { Listing } from "@/lib/svc/schemas/listings";
import { answerPageRequestsWith, sentFromPage } from "@/test-support/dom-fetch";
import { renderPage } from "@/test-support/render";
import { PaceTab } from "@/components/listing/pace/pace-tab";
import { paceRow } from "@/test-support/pace-rows";

/**
 * The tab against answers of the dashboard's own pace route (GET /api/mirror/pace), shaped by
 * its schema: the route and its figures are tested over a real mirror in lib/server/mirror.
 */

const LISTING = { svc_id: "svc_lst_1", name: "Harbour loft", currency: "USD" } as Listing;
const NOW = "2026-11-27T09:30:00.000Z";

const row = (period: string, currency: string, figures: Partial<PaceRowView> = {}) =>
  paceRow(period, currency, { otb_occupancy: 0, stly_occupancy: 0, ...figures });

const MONTHS = ["2026-11", "2026-12", "2027-01"];

function report(pickup: number, changes: Partial<PaceReportView> = {}): PaceReportView {
  return {
    enabled: true,
    now: NOW,
    as_of: "2026-11-27T09:12:00.000Z",
    unit: "month",
    pickup_days: pickup,
    listings_covered: 1,
    listings_total: 1,
    choices: { owners: [], markets: [], bedrooms: [], channels: [], segments: [], sets: [] },
    market: { state: "not_read" },
    rows: MONTHS.map((m, i) =>
      row(m, "USD", {
        otb_nights: 20 - i,
        stly_nights: 10,
        delta_nights_pct: i === 0 ? 12.5 : null,
        booked_nights: pickup === 30 ? 9 : 3,
        canceled_nights: 1,
        pickup_nights: pickup === 30 ? 8 : 2,
      }),
    ),
    ...changes,
  };
}

type Answer = (url: URL) => Response | Promise<Response>;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function answerPace(answer: Answer) {
  answerPageRequestsWith(async (url) => answer(new URL(url, "http://dashboard.test")));
}
afterEach(() => answerPageRequestsWith(null));
afterAll(() => answerPageRequestsWith(null));

function openTab(search = "") {
  const urls: UrlUpdateEvent[] = [];
  const rendered = renderPage(
    <NuqsTestingAdapter hasMemory searchParams={search} onUrlUpdate={(event) => void urls.push(event)}>
      <PaceTab listing={LISTING} readOnly={false} />
    </NuqsTestingAdapter>,
  );
  return { ...rendered, urls, panel: screen.getByTestId("listing-pace") };
}

const ready = (panel: HTMLElement) =>
  expect.poll(() => panel.getAttribute("data-state"), { timeout: 10_000 }).toBe("ready");

describe("the listing's pace tab", () => {
  it("asks for this listing's months, then shows its table, as of when, and the pickup window from the URL", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    answerPace(async (url) => {
      await held;
      return json(report(Number(url.searchParams.get("pickup"))));
    });
    const { user, urls, panel } = openTab("?tab=pace");

    expect(screen.getByRole("status", { name: "Loading the listing's pace" })).toHaveAttribute(
      "aria-busy",
      "true",
    );
    expect(panel).toHaveAttribute("data-state", "loading");
    await act(async () => release());
    await ready(panel);

    expect(sentFromPage).toEqual(["GET /api/mirror/pace?unit=month&pickup=7&listing=svc_lst_1"]);
    expect(screen.getByTestId("listing-pace-coverage")).toHaveTextContent(
      /^From the portfolio mirror, as of 27 Nov 2026, 09:12 UTC: this listing's reservations\./,
    );
    const table = screen.getByRole("table", { name: /in USD, with the last 7 days' pickup$/ });
    expect(within(table).getAllByRole("row")).toHaveLength(1 + MONTHS.length);
    const first = within(table).getByRole("rowheader", { name: "Nov 2026" }).closest("tr")!;
    expect(first).toHaveTextContent("+12.5 %");
    expect(first).toHaveTextContent("3 booked, 1 cancelled");
    expect(screen.queryByRole("status")).toBeNull();

    // Another window is asked for and kept in the URL beside the tab.
    const pickup = screen.getByRole("radiogroup", { name: "Pickup over" });
    await user.click(within(pickup).getByRole("radio", { name: "30 days" }));
    await expect
      .poll(() => screen.queryByRole("table", { name: /with the last 30 days' pickup$/ }), {
        timeout: 10_000,
      })
      .not.toBeNull();
    expect(sentFromPage.at(-1)).toBe("GET /api/mirror/pace?unit=month&pickup=30&listing=svc_lst_1");
    expect(urls.at(-1)?.queryString).toBe("?tab=pace&pace_pickup=30");
    expect(screen.getByRole("rowheader", { name: "Nov 2026" }).closest("tr")).toHaveTextContent(
      "9 booked, 1 cancelled",
    );
  });

  it("opens on the window a link names", async () => {
    answerPace((url) => json(report(Number(url.searchParams.get("pickup")))));
    const { panel } = openTab("?tab=pace&pace_pickup=1");
    await ready(panel);
    expect(sentFromPage).toEqual(["GET /api/mirror/pace?unit=month&pickup=1&listing=svc_lst_1"]);
    expect(screen.getByRole("radio", { name: "1 day" })).toBeChecked();
  });

  it("a listing the sync has not read yet says so plainly, with no table", async () => {
    answerPace(() => json(report(7, { listings_covered: 0, listings_total: 0, as_of: null, rows: [] })));
    const { panel } = openTab();
    await ready(panel);
    expect(screen.getByTestId("listing-pace-coverage")).toHaveTextContent(
      "The sync has not read this listing yet: its pace is counted once it has. See the sync's progress on the Portfolio sync page.",
    );
    expect(
      screen.getByRole("link", { name: "See the sync's progress on the Portfolio sync page" }),
    ).toHaveAttribute("href", "/sync");
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByRole("radiogroup")).toBeNull();
  });

  it("a listing whose reservations are not read yet says that instead", async () => {
    answerPace(() => json(report(7, { listings_covered: 0, listings_total: 1, as_of: null, rows: [] })));
    const { panel } = openTab();
    await ready(panel);
    expect(screen.getByTestId("listing-pace-coverage")).toHaveTextContent(
      /^The sync has not read this listing's reservations yet: its pace is counted once it has\./,
    );
  });

  it("without a mirror, says how to start one", async () => {
    answerPace(() =>
      json(
        report(7, {
          enabled: false,
          now: null,
          as_of: null,
          listings_covered: 0,
          listings_total: 0,
          rows: [],
        }),
      ),
    );
    const { panel } = openTab();
    await ready(panel);
    expect(screen.getByRole("heading", { name: "No portfolio mirror yet" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Start the sync on the Portfolio sync page" })).toHaveAttribute(
      "href",
      "/sync",
    );
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("a failed read says what failed, and Try again reads again", async () => {
    let fail = true;
    answerPace((url) =>
      fail
        ? json({ error: { code: "internal", message: "The mirror could not be read." } }, 500)
        : json(report(Number(url.searchParams.get("pickup")))),
    );
    const { user, panel } = openTab();
    await expect.poll(() => panel.getAttribute("data-state"), { timeout: 10_000 }).toBe("error");
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("We couldn't load this listing's pace.");
    expect(alert).toHaveTextContent("The mirror could not be read.");

    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    await ready(panel);
    expect(screen.getByRole("table", { name: /in USD/ })).toBeVisible();
  });
});
