import { act, screen } from "@testing-library/react";
import { useEffect, useState, type ComponentProps } from "react";
import { describe, expect, it } from "vitest";
import { addDays, todayUtc } from "@/lib/format/dates";
import { neighborhoodWords } from "@/lib/calendar/neighborhood-words";
import type { NeighborhoodPricing } from "@/lib/svc/schemas/calendar";
import type { Listing } from "@/lib/svc/schemas/listings";
import { sentFromPage, serviceAnswer, withServiceInPage } from "@/test-support/dom-service";
import { renderPage } from "@/test-support/render";
import { NightNeighborhood } from "@/components/calendar/night-neighborhood";

withServiceInPage();

type Shown = ComponentProps<typeof NightNeighborhood>;
/** The details as the panel holds them: the night they show changes as the pointer moves. */
let show: (shown: Shown) => void = () => {};
function Details({ initial }: { initial: Shown }) {
  const [shown, setShown] = useState(initial);
  useEffect(() => {
    show = setShown;
  }, []);
  return <NightNeighborhood {...shown} />;
}
const moveTo = (shown: Shown) => act(() => show(shown));

const neighborhoodReads = () => sentFromPage.filter((r) => r.includes("/neighborhood/pricing"));

describe("the portfolio calendar's night details: the neighborhood", () => {
  it("says the night's median and middle half as the service gives them, in one read for the nights in view", async () => {
    const [listing] = await serviceAnswer<Listing[]>("/listings?per_page=1");
    const from = addDays(todayUtc(), 10);
    const range = { start_date: from, end_date: addDays(from, 29) };
    const night = addDays(from, 3);
    const answer = await serviceAnswer<NeighborhoodPricing>(
      `/listings/${listing!.svc_id}/neighborhood/pricing?channel=svc&start_date=${range.start_date}&end_date=${range.end_date}`,
    );
    const before = neighborhoodReads().length;
    renderPage(<Details initial={{ svcId: listing!.svc_id, date: night, range }} />);
    expect(screen.getByTestId("night-neighborhood")).toHaveTextContent("Reading the neighborhood's prices");
    await expect
      .poll(() => screen.getByTestId("night-neighborhood").textContent, { timeout: 10_000 })
      .toBe(`Neighborhood: ${neighborhoodWords(answer, night)}`);
    // Another night of the same listing in view: no further request.
    moveTo({ svcId: listing!.svc_id, date: addDays(night, 1), range });
    expect(screen.getByTestId("night-neighborhood")).toHaveTextContent(
      `Neighborhood: ${neighborhoodWords(answer, addDays(night, 1))}`,
    );
    expect(neighborhoodReads().length - before).toBe(1);
  });

  it("reads nothing while the details pass over a listing without resting on it", async () => {
    const listings = await serviceAnswer<Listing[]>("/listings?per_page=3");
    const from = addDays(todayUtc(), 10);
    const range = { start_date: from, end_date: addDays(from, 29) };
    const before = neighborhoodReads().length;
    renderPage(<Details initial={{ svcId: listings[0]!.svc_id, date: from, range }} />);
    moveTo({ svcId: listings[1]!.svc_id, date: from, range });
    moveTo({ svcId: listings[2]!.svc_id, date: from, range });
    await expect
      .poll(() => screen.getByTestId("night-neighborhood").textContent, { timeout: 10_000 })
      .not.toContain("Reading");
    expect(neighborhoodReads().length - before).toBe(1);
  });
});
