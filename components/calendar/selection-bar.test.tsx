import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { nightColumns } from "@/lib/format/night-columns";
import type { Selection } from "@/lib/calendar/selection";
import type { Listing } from "@/lib/svc/schemas/listings";
import { renderPage } from "@/test-support/render";
import { SelectionBar } from "@/components/calendar/selection-bar";

const nights = nightColumns("2026-12-01", "2026-12-07");
// Only what the bar reads of a listing: which one it is and what the key may do with it.
const listing = { svc_id: "lst_1", name: "Harbour loft", access_level: "owner" } as Listing;

const bar = (selection: Selection | null, touch: boolean) =>
  renderPage(
    <SelectionBar
      selection={selection}
      listings={[listing]}
      nights={nights}
      rowOf={() => null}
      keyKind="standard"
      touch={touch}
      onClear={() => {}}
    />,
  );

describe("the portfolio calendar's selection words", () => {
  it("on a touch or narrow screen say taps, not Shift and arrow keys", () => {
    bar(null, true);
    const how = screen.getByTestId("selection-how");
    expect(how).toHaveTextContent("Tap a night, then tap another to select the nights between");
    expect(how).not.toHaveTextContent(/Shift|arrow/);
  });

  it("on a wide screen with a mouse say the drag and the keys", () => {
    bar(null, false);
    const how = screen.getByTestId("selection-how");
    expect(how).toHaveTextContent("press and drag across listings and nights, or Shift with the arrow keys");
    expect(how).not.toHaveTextContent(/tap/i);
  });

  it("after a first tap say how to reach the nights between", () => {
    const one = { anchor: { row: 0, col: 2 }, focus: { row: 0, col: 2 } };
    const { unmount } = bar(one, true);
    expect(screen.getByRole("region", { name: "Selection" })).toHaveTextContent(
      "Selected: 1 listing × 1 night, 3 Dec 2026. Tap another night to select the nights between.",
    );
    unmount();
    bar({ anchor: { row: 0, col: 2 }, focus: { row: 0, col: 5 } }, true);
    expect(screen.getByRole("region", { name: "Selection" })).not.toHaveTextContent("Tap another night");
  });
});
