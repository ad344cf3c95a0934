export interface LegendItem {
  label: string;
  color: string;
  /** A dashed line in the chart. */
  dashed?: boolean;
  /** A bar (square swatch) rather than a line. */
  bar?: boolean;
}

/** The series of a chart in words with their colours: dark text, so it reads on any swatch. */
export function ChartLegend({ items }: { items: readonly LegendItem[] }) {
  return (
    <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
      {items.map((item) => (
        <li key={item.label} className="inline-flex items-center gap-1.5">
          {item.bar ? (
            <span aria-hidden="true" className="h-2.5 w-2.5 rounded-sm" style={{ background: item.color }} />
          ) : (
            <span
              aria-hidden="true"
              className="w-4 border-t-2"
              style={{ borderColor: item.color, borderStyle: item.dashed ? "dashed" : "solid" }}
            />
          )}
          {item.label}
        </li>
      ))}
    </ul>
  );
}
