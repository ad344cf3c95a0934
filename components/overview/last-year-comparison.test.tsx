import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Listing } from "@/lib/svc/schemas/listings";
import { serviceAnswer, withServiceInPage } from "@/test-support/dom-service";
import { renderPage } from "@/test-support/render";
import { LastYearComparison } from "@/components/overview/last-year-comparison";

withServiceInPage();

describe("the live comparison with last year", () => {
  it("says what it compares before it is asked to read anything", async () => {
    const listings = await serviceAnswer<Listing[]>("/listings?per_page=3");
    renderPage(<LastYearComparison listings={listings} />);
    expect(
      screen.getByRole("heading", {
        name: "This month and next: on the books today against last year's final figures",
      }),
    ).toBeVisible();
    expect(screen.getByRole("button", { name: "Compare with last year (3 requests, paced)" })).toBeEnabled();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("marks the figures partial, with how many listings they cover, when a listing could not be read", async () => {
    const listings = await serviceAnswer<Listing[]>("/listings?per_page=3");
    const currency = listings[0]!.currency;
    const inCurrency = listings.filter((l) => l.currency === currency).length;
    // A listing the service does not hold: its read fails, and the figures are the others' only.
    const missing = { ...listings[0]!, svc_id: "999999999" };
    const { user } = renderPage(<LastYearComparison listings={[...listings, missing]} />);
    await user.click(screen.getByRole("button", { name: "Compare with last year (4 requests, paced)" }));
    await waitFor(() => expect(screen.getByTestId("last-year")).toHaveAttribute("data-state", "done"), {
      timeout: 15_000,
    });
    const group = screen.getByRole("rowgroup", { name: currency });
    expect(group).toHaveAttribute("data-partial", "true");
    expect(within(group).getByRole("rowheader", { name: new RegExp(currency) })).toHaveTextContent(
      `partial: ${inCurrency} of ${inCurrency + 1} listings`,
    );
    expect(screen.getByRole("status")).toHaveTextContent("1 could not be read and is left out.");
  });
});
