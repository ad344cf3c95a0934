import { act, render, screen } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";

afterEach(() => {
  act(() => toast.dismiss());
  vi.restoreAllMocks();
});

/** A page as the shell draws it: its header (of the given height), then the page. */
function page(headerHeight: number | null) {
  render(
    <>
      {headerHeight === null ? null : (
        <header data-testid="header">
          <button type="button">Sign out</button>
        </header>
      )}
      <main>
        <button type="button">Save changes</button>
      </main>
      <Toaster />
    </>,
  );
}

describe("the toaster, for notices with no place in the page", () => {
  it("stacks notices at the top, just under the header, away from the action bars pinned at the foot", async () => {
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
      return { height: this.tagName === "HEADER" ? 57 : 0 } as DOMRect;
    });
    page(57);
    act(() => void toast("Prices changed for Casa Azul."));

    const notice = await screen.findByText("Prices changed for Casa Azul.");
    const toaster = notice.closest("[data-sonner-toaster]")!;
    expect(toaster).toHaveAttribute("data-y-position", "top");
    expect(toaster).toHaveAttribute("data-x-position", "center");
    // Under the header's foot, on a desktop and on a phone alike.
    expect(toaster).toHaveStyle({ "--offset-top": "65px", "--mobile-offset-top": "65px" });
  });

  it("announces its notices (a polite live region) and lets each be closed with a button", async () => {
    page(null);
    act(() => void toast("Prices changed for Casa Azul."));
    const notice = await screen.findByText("Prices changed for Casa Azul.");
    expect(notice.closest("[aria-live]")).toHaveAttribute("aria-live", "polite");
    expect(screen.getByRole("button", { name: /close/i })).toBeInTheDocument();
    // No header on the page (sign in): the notices start at the top's margin.
    expect(notice.closest("[data-sonner-toaster]")).toHaveStyle({ "--offset-top": "8px" });
  });
});
