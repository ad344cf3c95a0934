import { act, screen, within } from "@testing-library/react";
import { NuqsTestingAdapter, type UrlUpdateEvent } from "nuqs/adapters/testing";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { LEAD_BUCKETS, STAY_BUCKETS } from "@/lib/pace/curves";
import type { CurvesReportView } from "@/lib/pace/curves-queries";
import { WHOLE_PORTFOLIO, type PaceScope } from "@/lib/pace/scope";
import { answerPageRequestsWith, sentFromPage } from "@/test-support/dom-fetch";
import { renderPage } from "@/test-support/render";
import { BookingPanel } from "@/components/pace/booking-panel";

/**
 * The panel against answers of the dashboard's own curves route (GET /api/mirror/pace/curves),
 * shaped by its schema: the route and its figures are tested over real mirrors in lib/server/mirror.
 */
const NOW = "2026-11-29T08:00:00.000Z";

function report(period: string, booked: number, changes: Partial<CurvesReportView> = {}): CurvesReportView {
  // This year: half the nights on the books 30 days out, all of them by 10; last year a quarter at 30.
  const curve = (at30: number) => Array.from({ length: 366 }, (_, d) => (d <= 10 ? 1 : d <= 30 ? at30 : 0));
  return {
    enabled: true,
    now: NOW,
    as_of: "2026-11-29T07:12:00.000Z",
    listings_covered: 3,
    listings_total: 3,
    period,
    stay: null,
    curve: { this_year: curve(0.5), last_year: curve(0.25) },
    known_from: { this_year: 32, last_year: 0 },
    final_nights: { this_year: 120, last_year: 150 },
    booked_days: booked,
    booked: null,
    reservations: { this_year: 40, last_year: 10 },
    lead_time: LEAD_BUCKETS.map((b, i) => ({
      bucket: b.label,
      this_year: i === 3 ? 30 : i === 0 ? 10 : 0,
      last_year: i === 3 ? 10 : 0,
    })),
    length_of_stay: STAY_BUCKETS.map((b, i) => ({
      bucket: b.label,
      this_year: i === 1 ? 40 : 0,
      last_year: i === 2 ? 10 : 0,
    })),
    ...changes,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
function answerCurves(answer: (url: URL) => Response | Promise<Response>) {
  answerPageRequestsWith(async (url) => answer(new URL(url, "http://dashboard.test")));
}
const byQuery = (url: URL) =>
  json(report(url.searchParams.get("period") ?? "2026-12", Number(url.searchParams.get("booked"))));
afterEach(() => answerPageRequestsWith(null));
afterAll(() => answerPageRequestsWith(null));

function openPanel(search = "", scope: PaceScope = WHOLE_PORTFOLIO) {
  const urls: UrlUpdateEvent[] = [];
  const rendered = renderPage(
    <NuqsTestingAdapter hasMemory searchParams={search} onUrlUpdate={(event) => void urls.push(event)}>
      <BookingPanel scope={scope} />
    </NuqsTestingAdapter>,
  );
  return { ...rendered, urls, panel: screen.getByTestId("booking-panel") };
}
const ready = (panel: HTMLElement) =>
  expect.poll(() => panel.getAttribute("data-state"), { timeout: 10_000 }).toBe("ready");
const rowOf = (table: HTMLElement, name: string) =>
  within(table).getByRole("rowheader", { name }).closest("tr")!;

describe("the booking panel", () => {
  it("shows next month's curve against last year's and the last 90 days' bookings, each with a table a screen reader reads", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    answerCurves(async (url) => {
      await held;
      return byQuery(url);
    });
    const { panel } = openPanel();
    expect(screen.getByRole("status", { name: "Loading the booking curves" })).toHaveAttribute(
      "aria-busy",
      "true",
    );
    await act(async () => release());
    await ready(panel);

    expect(sentFromPage).toEqual(["GET /api/mirror/pace/curves?booked=90"]);
    expect(
      screen.getByRole("heading", { name: "Booking curve: Dec 2026 against Dec 2025" }),
    ).toBeInTheDocument();
    expect(panel).toHaveTextContent("This year's line stops 32 days before the stay");
    const curve = screen.getByRole("table", {
      name: /^Share of the nights on the books, by days before the stay/,
    });
    expect(within(curve).getAllByRole("row")).toHaveLength(1 + 8);
    expect(rowOf(curve, "365 days before")).toHaveTextContent(/0%.*0%/);
    expect(rowOf(curve, "60 days before")).toHaveTextContent(/0%.*0%/);
    expect(rowOf(curve, "30 days before")).toHaveTextContent("Not yet25%");
    expect(rowOf(curve, "The night itself")).toHaveTextContent("Not yet100%");

    expect(
      screen.getByRole("heading", {
        name: "Lead time and length of stay: bookings of the last 90 days against the same days last year",
      }),
    ).toBeInTheDocument();
    const lead = screen.getByRole("table", { name: /^Reservations by days booked before check-in/ });
    expect(rowOf(lead, "15–30 days")).toHaveTextContent("30 (75%)10 (100%)");
    const stays = screen.getByRole("table", { name: /^Reservations by nights/ });
    expect(rowOf(stays, "2 nights")).toHaveTextContent("40 (100%)0 (0%)");

    const month = screen.getByRole("combobox", { name: "Stay month" });
    expect(month).toHaveValue("2026-12");
    expect(
      within(month)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual([
      "Dec 2026",
      "Jan 2027",
      "Feb 2027",
      "Mar 2027",
      "Apr 2027",
      "May 2027",
      "Jun 2027",
      "Jul 2027",
      "Aug 2027",
      "Sep 2027",
      "Oct 2027",
      "Nov 2027",
    ]);
  });

  it("another month and window are asked for with the page's scope, and kept in the URL", async () => {
    answerCurves(byQuery);
    const { user, urls, panel } = openPanel("?unit=week", { ...WHOLE_PORTFOLIO, market: "mkt_austin" });
    await ready(panel);
    expect(sentFromPage).toEqual(["GET /api/mirror/pace/curves?booked=90&market=mkt_austin"]);

    await user.selectOptions(screen.getByRole("combobox", { name: "Stay month" }), "2027-03");
    await expect
      .poll(() => screen.queryByRole("heading", { name: "Booking curve: Mar 2027 against Mar 2026" }), {
        timeout: 10_000,
      })
      .not.toBeNull();
    expect(sentFromPage.at(-1)).toBe(
      "GET /api/mirror/pace/curves?period=2027-03&booked=90&market=mkt_austin",
    );

    const window = screen.getByRole("radiogroup", { name: "Bookings made in the last" });
    await user.click(within(window).getByRole("radio", { name: "365 days" }));
    await expect
      .poll(() => screen.queryByRole("heading", { name: /bookings of the last 365 days/ }), {
        timeout: 10_000,
      })
      .not.toBeNull();
    expect(sentFromPage.at(-1)).toBe(
      "GET /api/mirror/pace/curves?period=2027-03&booked=365&market=mkt_austin",
    );
    expect(urls.at(-1)?.queryString).toBe("?unit=week&stay=2027-03&booked=365");
  });

  it("opens on the month and window a link names", async () => {
    answerCurves(byQuery);
    const { panel } = openPanel("?stay=2027-05&booked=30");
    await ready(panel);
    expect(sentFromPage).toEqual(["GET /api/mirror/pace/curves?period=2027-05&booked=30"]);
    expect(screen.getByRole("radio", { name: "30 days" })).toBeChecked();
    expect(screen.getByRole("combobox", { name: "Stay month" })).toHaveValue("2027-05");
  });

  it("says so in a sentence when there are no nights and no bookings to count", async () => {
    answerCurves((url) =>
      json(
        report("2026-12", Number(url.searchParams.get("booked")), {
          final_nights: { this_year: 0, last_year: 0 },
          reservations: { this_year: 0, last_year: 0 },
        }),
      ),
    );
    const { panel } = openPanel();
    await ready(panel);
    expect(panel).toHaveTextContent(
      "No nights of Dec 2026 or Dec 2025 are on the books in these listings, so there is no curve to draw.",
    );
    expect(panel).toHaveTextContent(
      "No reservation was made in these listings in the last 90 days, nor in the same days last year.",
    );
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("a refused read is said in words, with a retry", async () => {
    answerCurves(() =>
      json({ error: { code: "invalid_query", message: "The stay month is a month like 2026-12." } }, 400),
    );
    const { panel } = openPanel();
    const alert = await screen.findByRole("alert", {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent("We couldn't load the booking curves.");
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(panel).toHaveAttribute("data-state", "error");
  });
});
