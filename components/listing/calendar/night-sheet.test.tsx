import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NightDetailsPlace } from "@/components/listing/calendar/night-sheet";

/** A window of the given width as far as media queries go (jsdom has no layout of its own). */
function windowOf(width: number) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: query.includes("max-width") && width < 768,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => vi.unstubAllGlobals());

/** Two nights as the year grid draws them, and their details placed as the calendar tab places them. */
function Nights() {
  const [selected, setSelected] = useState("2026-12-01");
  const [open, setOpen] = useState(false);
  return (
    <>
      {["2026-12-01", "2026-12-02"].map((date) => (
        <button
          key={date}
          type="button"
          data-date={date}
          onClick={() => {
            setSelected(date);
            setOpen(true);
          }}
        >
          {date}
        </button>
      ))}
      <NightDetailsPlace date={selected} open={open} onClose={() => setOpen(false)}>
        <section aria-label="Night details">Figures of {selected}</section>
      </NightDetailsPlace>
    </>
  );
}

describe("the listing calendar's night details on a phone", () => {
  it("open as a sheet when a night is chosen, and Escape closes it and gives focus back to the night", async () => {
    windowOf(390);
    const user = userEvent.setup();
    render(<Nights />);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByText(/Figures of/)).toBeNull();

    await user.click(screen.getByRole("button", { name: "2026-12-02" }));
    const sheet = screen.getByRole("dialog", { name: "Night details" });
    expect(sheet).toHaveTextContent("Figures of 2026-12-02");
    expect(screen.getByRole("button", { name: "Close night details" })).toHaveFocus();

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("button", { name: "2026-12-02" })).toHaveFocus();
  });

  it("close with their close button, focus back on the night they showed", async () => {
    windowOf(390);
    const user = userEvent.setup();
    render(<Nights />);
    await user.click(screen.getByRole("button", { name: "2026-12-01" }));
    expect(screen.getByRole("dialog", { name: "Night details" })).toHaveTextContent("Figures of 2026-12-01");

    await user.click(screen.getByRole("button", { name: "Close night details" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("button", { name: "2026-12-01" })).toHaveFocus();
  });

  it("on a wide screen stay in the page, no dialog, following the night chosen", async () => {
    windowOf(1280);
    const user = userEvent.setup();
    render(<Nights />);
    expect(screen.getByRole("region", { name: "Night details" })).toHaveTextContent("Figures of 2026-12-01");
    await user.click(screen.getByRole("button", { name: "2026-12-02" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("region", { name: "Night details" })).toHaveTextContent("Figures of 2026-12-02");
  });
});
