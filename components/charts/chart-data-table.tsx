/**
 * A chart's figures as a table for screen readers: the text alternative of the plot, which
 * itself is hidden from assistive technology. The visually hidden box is a wrapper: a table
 * keeps the height of its rows whatever its own height says, so a long one marked `sr-only`
 * itself would stretch the page below the chart.
 */
export function ChartDataTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly string[];
  rows: ReadonlyArray<readonly (string | number)[]>;
}) {
  return (
    // The wrapper hides it: a table ignores the 1px size of `sr-only` and would still lengthen the page.
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) =>
                j === 0 ? (
                  <th key={j} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={j}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
