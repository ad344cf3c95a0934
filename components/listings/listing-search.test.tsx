import { screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { NO_SEARCH, type ListingSearch as Search, type SearchChoices } from "@/lib/listings/search";
import { renderPage } from "@/test-support/render";
import { ListingSearch } from "@/components/listings/listing-search";

const choices: SearchChoices = {
  markets: [
    { value: "mkt_lis", label: "Lisbon" },
    { value: "mkt_por", label: "Porto" },
  ],
  bedrooms: [
    { value: "0", label: "Studio" },
    { value: "2", label: "2 bedrooms" },
  ],
  channels: [{ value: "airbnb", label: "Airbnb" }],
  tags: [{ value: "pool", label: "pool" }],
};

/** The search as the page holds it: its state is the URL's, and each change is recorded. */
function Harness({ changes, start = NO_SEARCH }: { changes: Array<Partial<Search>>; start?: Search }) {
  const [search, setSearch] = useState(start);
  return (
    <>
      <ListingSearch
        search={search}
        choices={choices}
        onChange={(next) => {
          changes.push(next);
          setSearch((s) => ({ ...s, ...next }));
        }}
      />
      <button type="button" onClick={() => setSearch(NO_SEARCH)}>
        Back to no search
      </button>
    </>
  );
}

describe("the Listings search", () => {
  it("sends the words once typing settles, not once per keystroke", async () => {
    const changes: Array<Partial<Search>> = [];
    const { user } = renderPage(<Harness changes={changes} />);
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "sea view");
    await waitFor(() => expect(changes).toEqual([{ q: "sea view" }]));
  });

  it("a picker's choice is sent at once, and All takes the filter away", async () => {
    const changes: Array<Partial<Search>> = [];
    const { user } = renderPage(<Harness changes={changes} />);
    await user.selectOptions(screen.getByRole("combobox", { name: "Market" }), "Porto");
    await user.selectOptions(screen.getByRole("combobox", { name: "Bedrooms" }), "Studio");
    await user.selectOptions(screen.getByRole("combobox", { name: "Market" }), "All markets");
    expect(changes).toEqual([{ market: "mkt_por" }, { bedrooms: "0" }, { market: null }]);
  });

  it("the field follows the URL when it changes under it (Back, a shared link)", async () => {
    const changes: Array<Partial<Search>> = [];
    const { user } = renderPage(<Harness changes={changes} start={{ ...NO_SEARCH, q: "loft" }} />);
    const field = screen.getByRole("searchbox", { name: "Search" });
    expect(field).toHaveValue("loft");
    await user.click(screen.getByRole("button", { name: "Back to no search" }));
    expect(field).toHaveValue("");
    expect(changes).toEqual([]);
  });

  it("says there is no pricing-tier filter, and why", () => {
    renderPage(<Harness changes={[]} />);
    expect(screen.getByRole("search", { name: "Find listings" })).toHaveTextContent(
      /No filter by pricing tier: the listing record does not carry it/,
    );
  });
});
