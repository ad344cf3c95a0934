import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { toast } from "sonner";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { PART_NOT_LOADED } from "@/lib/lazy-chunk";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { lazyDialog, lazyPart, type LazyDialogProps } from "@/components/ui/lazy";

vi.mock("sonner", () => ({ toast: { error: vi.fn() } }));

beforeEach(() => {
  vi.mocked(toast.error).mockClear();
});

/** An ordinary dialog holding its own open state, as a lazy dialog's module exports it. */
function NoteDialog({ note, trigger }: { note: string } & LazyDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen} title="A note" trigger={trigger}>
      <p>{note}</p>
      <Button onClick={() => setOpen(false)}>Done</Button>
    </Dialog>
  );
}

/** A module's import that fails the first `failures` times, counting every attempt. */
function importing<T>(value: T, failures = 0) {
  const attempts = { count: 0 };
  const importPart = () =>
    ++attempts.count <= failures
      ? Promise.reject(new Error("the chunk could not be fetched"))
      : Promise.resolve({ default: value });
  return { attempts, importPart };
}

function noteDialog(failures = 0) {
  const { attempts, importPart } = importing(NoteDialog, failures);
  const Note = lazyDialog<{ note: string }>(importPart, { trigger: () => <Button>Read the note</Button> });
  return { attempts, Note };
}

const noteButton = () => screen.getByRole("button", { name: "Read the note" });

describe("a lazy dialog", () => {
  it("draws its button alone, fetches its code on a pointer over it, and opens on the click", async () => {
    const { attempts, Note } = noteDialog();
    const user = userEvent.setup();
    render(<Note note="Rates go up in June." />);
    expect(noteButton()).toHaveAttribute("aria-haspopup", "dialog");
    expect(noteButton()).toHaveAttribute("aria-expanded", "false");
    expect(attempts.count).toBe(0);

    await user.hover(noteButton());
    await waitFor(() => expect(attempts.count).toBe(1));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await user.click(noteButton());
    const dialog = await screen.findByRole("dialog", { name: "A note" });
    expect(dialog).toHaveTextContent("Rates go up in June.");
    expect(attempts.count).toBe(1);
  });

  it("from the keyboard: Enter opens it with focus inside, Escape gives focus back to its button", async () => {
    const { Note } = noteDialog();
    const user = userEvent.setup();
    render(<Note note="Rates go up in June." />);
    act(() => noteButton().focus());
    await user.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "A note" });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(noteButton()).toHaveFocus();
    expect(noteButton()).toHaveAttribute("aria-expanded", "false");

    // Opened once, it opens again at once, as any dialog does.
    await user.click(noteButton());
    expect(screen.getByRole("dialog", { name: "A note" })).toBeVisible();
  });

  it("when its code cannot be fetched, the click says so and the next click tries again", async () => {
    const { attempts, Note } = noteDialog(1);
    const user = userEvent.setup();
    render(<Note note="Rates go up in June." />);
    // The click alone: a press before it would have started (and failed) the same fetch.
    fireEvent.click(noteButton());
    expect(noteButton()).toHaveAttribute("aria-busy", "true");
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(PART_NOT_LOADED));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(noteButton()).not.toHaveAttribute("aria-busy");

    await user.click(noteButton());
    expect(await screen.findByRole("dialog", { name: "A note" })).toBeVisible();
    expect(attempts.count).toBe(2);
    expect(toast.error).toHaveBeenCalledTimes(1);
  });

  it("once its code is here, each new instance draws the dialog at once, closed", async () => {
    const { attempts, Note } = noteDialog();
    const user = userEvent.setup();
    const first = render(<Note note="First" />);
    await user.click(noteButton());
    await screen.findByRole("dialog", { name: "A note" });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    first.unmount();

    render(<Note note="Second" />);
    // Radix's trigger, in the same render: nothing waited for the code.
    expect(noteButton()).toHaveAttribute("data-state", "closed");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(attempts.count).toBe(1);
  });
});

describe("a lazy part", () => {
  const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

  it("holds its place with its loading shape until its code is here", async () => {
    const { importPart } = importing(Greeting);
    const Part = lazyPart<{ name: string }>(importPart, {
      loading: () => <p>Loading…</p>,
      what: "the greeting",
    });
    render(<Part name="Ann" />);
    expect(screen.getByText("Loading…")).toBeInTheDocument();
    expect(await screen.findByText("Hello Ann")).toBeInTheDocument();
    expect(screen.queryByText("Loading…")).not.toBeInTheDocument();
  });

  it("when its code cannot be fetched, says so with Try again, which fetches it again", async () => {
    const { attempts, importPart } = importing(Greeting, 1);
    const Part = lazyPart<{ name: string }>(importPart, {
      loading: () => <p>Loading…</p>,
      what: "the greeting",
    });
    const user = userEvent.setup();
    render(<Part name="Ann" />);
    const failure = await screen.findByRole("alert");
    expect(failure).toHaveTextContent("We couldn't load the greeting.");

    await user.click(within(failure).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Hello Ann")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(attempts.count).toBe(2);
  });

  it("draws its own failure when it has one, with its props", async () => {
    const { importPart } = importing(Greeting, 1);
    const Part = lazyPart<{ name: string }>(importPart, {
      loading: ({ name }) => <p>{name}</p>,
      failed: ({ name }) => <p>{name}, without the greeting</p>,
    });
    render(<Part name="Ann" />);
    expect(await screen.findByText("Ann, without the greeting")).toBeInTheDocument();
  });

  it("fetched ahead with preload(), it is drawn at once, without its loading shape", async () => {
    const { attempts, importPart } = importing(Greeting);
    const Part = lazyPart<{ name: string }>(importPart, {
      loading: () => <p>Loading…</p>,
      what: "the greeting",
    });
    await act(async () => Part.preload());
    render(<Part name="Ann" />);
    expect(screen.getByText("Hello Ann")).toBeInTheDocument();
    expect(attempts.count).toBe(1);
  });
});
