import { createColumnHelper } from "@tanstack/react-table";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { SortableTable } from "@/components/ui/sortable-table";

type Row = { id: string; name: string };
const column = createColumnHelper<Row>();

/** A cell that holds state of its own, as a row's dialog does while it is open. */
function Toggle({ name }: { name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <button type="button" aria-expanded={open} onClick={() => setOpen(true)}>
      Open {name}
    </button>
  );
}

/** Columns rebuilt on each call, as a section rebuilds them when a query's answer arrives. */
const columnsFor = (suffix: string) => [
  column.accessor("name", {
    header: `Name ${suffix}`,
    cell: ({ row }) => <Toggle name={row.original.name} />,
  }),
];

const rows: Row[] = [{ id: "a", name: "Ada" }];

describe("the sortable table", () => {
  it("keeps what a cell holds when its columns are rebuilt: an open dialog stays open", async () => {
    const props = { data: rows, caption: "People", getRowId: (r: Row) => r.id };
    const rendered = render(<SortableTable {...props} columns={columnsFor("before")} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Open Ada" }));
    expect(screen.getByRole("button", { name: "Open Ada" })).toHaveAttribute("aria-expanded", "true");

    rendered.rerender(<SortableTable {...props} columns={columnsFor("after")} />);

    expect(screen.getByRole("columnheader", { name: /Name after/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Open Ada" })).toHaveAttribute("aria-expanded", "true");
  });
});
