import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { StatusLine, StatusScope, useSay, type StatusTone } from "@/components/ui/action-status";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() } }));

beforeEach(() => vi.mocked(toast.success).mockClear());

/** A control that says what it did, as a row's button or a dialog's does. */
function Act({ sentence, tone, label = "Act" }: { sentence: string; tone?: StatusTone; label?: string }) {
  const say = useSay();
  return <Button onClick={() => say(sentence, tone)}>{label}</Button>;
}

describe("what an action did", () => {
  it("is said in the scope's line, in the page beside the controls, as a polite live region", async () => {
    const user = userEvent.setup();
    render(
      <StatusScope>
        <section aria-label="Notes">
          <Act sentence="Note added." />
          <StatusLine />
        </section>
      </StatusScope>,
    );
    // Present before anything is said, so the first outcome is announced.
    const line = screen.getByRole("status");
    expect(line).toBeEmptyDOMElement();

    await user.click(screen.getByRole("button", { name: "Act" }));
    expect(line).toHaveTextContent("Note added.");
    expect(within(screen.getByRole("region", { name: "Notes" })).getByRole("status")).toBe(line);
    expect(screen.getByTestId("action-status")).toHaveAttribute("data-tone", "success");
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("said again, the same sentence is a new announcement, not an unchanged region", async () => {
    const user = userEvent.setup();
    render(
      <StatusScope>
        <Act sentence="Note deleted." />
        <StatusLine />
      </StatusScope>,
    );
    await user.click(screen.getByRole("button", { name: "Act" }));
    const first = within(screen.getByRole("status")).getByText("Note deleted.");
    await user.click(screen.getByRole("button", { name: "Act" }));
    const second = within(screen.getByRole("status")).getByText("Note deleted.");
    expect(second).not.toBe(first);
  });

  it("is dismissed with the keyboard, and the line stays in the page for the next outcome", async () => {
    const user = userEvent.setup();
    render(
      <StatusScope>
        <Act sentence="The subscription is saved." />
        <StatusLine />
      </StatusScope>,
    );
    await user.click(screen.getByRole("button", { name: "Act" }));
    await user.tab();
    expect(screen.getByRole("button", { name: "Dismiss" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    expect(screen.queryByRole("button", { name: "Dismiss" })).toBeNull();
  });

  it("from a dialog opened in the scope, reaches the page's line once the dialog is gone", async () => {
    function Editor() {
      const say = useSay();
      return (
        <Dialog open onOpenChange={() => {}} title="Tags" trigger={<Button>Edit tags</Button>}>
          <Button onClick={() => say("Tags saved for Casa Azul.")}>Save tags</Button>
        </Dialog>
      );
    }
    const user = userEvent.setup();
    render(
      <StatusScope>
        <Editor />
        <StatusLine />
      </StatusScope>,
    );
    await user.click(screen.getByRole("button", { name: "Save tags" }));
    // The line is the page's, outside the dialog: closing the dialog does not take it away.
    const line = screen.getByTestId("action-status");
    expect(within(screen.getByRole("dialog")).queryByTestId("action-status")).toBeNull();
    expect(line).toHaveTextContent("Tags saved for Casa Azul.");
  });

  it("goes to the nearest scope's line, so each part of a page says its own beside its controls", async () => {
    const user = userEvent.setup();
    render(
      <StatusScope>
        <section aria-label="People with access">
          <Act sentence="ana@example.com now has view access." label="Change level" />
          <StatusLine />
        </section>
        <section aria-label="Share">
          <StatusScope>
            <Act sentence="bo@example.com now has edit access." label="Share" />
            <StatusLine />
          </StatusScope>
        </section>
      </StatusScope>,
    );
    await user.click(screen.getByRole("button", { name: "Share" }));
    const region = (name: string) => within(screen.getByRole("region", { name })).getByRole("status");
    expect(region("Share")).toHaveTextContent("bo@example.com now has edit access.");
    expect(region("People with access")).toBeEmptyDOMElement();
  });

  it("outside any scope, still reaches the user through the toaster", async () => {
    const user = userEvent.setup();
    render(<Act sentence="Tags saved for Casa Azul." />);
    await user.click(screen.getByRole("button", { name: "Act" }));
    expect(toast.success).toHaveBeenCalledWith("Tags saved for Casa Azul.");
  });

  it("an error is said in the error tone", async () => {
    const user = userEvent.setup();
    render(
      <StatusScope>
        <Act sentence="That listing could not be removed." tone="error" />
        <StatusLine />
      </StatusScope>,
    );
    await user.click(screen.getByRole("button", { name: "Act" }));
    expect(screen.getByTestId("action-status")).toHaveAttribute("data-tone", "error");
  });
});
