import { cn } from "@/components/ui/cn";

/**
 * A short table of figures that stacks below `sm`: each row becomes a block, its header on a
 * line of its own and its cells a grid of labelled figures, so that a phone reads every
 * figure without scrolling sideways. The column headers stay for assistive technology; the
 * visible labels in the cells are for the eye only.
 */
export const stacked = {
  box: "relative sm:overflow-x-auto",
  table: (minWidth: string) => cn("w-full text-sm max-sm:block", minWidth),
  head: "max-sm:sr-only",
  body: "max-sm:block",
  row: (cols: 2 | 3) =>
    cn("max-sm:grid max-sm:gap-x-3 max-sm:py-1", cols === 2 ? "max-sm:grid-cols-2" : "max-sm:grid-cols-3"),
  rowHeader: "max-sm:col-span-full max-sm:pb-0",
  cell: "max-sm:block max-sm:py-1 max-sm:text-left",
  wide: "max-sm:col-span-full",
};

/** A cell's label, shown only where the table is stacked. */
export function CellLabel({ children }: { children: string }) {
  return (
    <span
      aria-hidden="true"
      className="block text-xs font-medium uppercase tracking-wide text-slate-600 sm:hidden"
    >
      {children}
    </span>
  );
}
