/** The empty table: nothing matches, and what would bring listings back. */
export function NoListingsMatch({
  hiddenCount,
  scope = "",
  searching = false,
}: {
  hiddenCount: number;
  scope?: string;
  /** The search or its filters narrowed the listings: they are what to change first. */
  searching?: boolean;
}) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <p className="font-medium">No listings match these filters{scope}.</p>
      <p className="mt-1 text-sm text-slate-600">
        {hiddenCount > 0
          ? `${hiddenCount} hidden listing${hiddenCount === 1 ? " is" : "s are"} not shown. Turn on “Show hidden listings” to see ${hiddenCount === 1 ? "it" : "them"}.`
          : searching
            ? "Try other words, or clear a filter of the search."
            : "Try including managed listings or another owner."}
      </p>
    </div>
  );
}
