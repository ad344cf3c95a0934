/**
 * A change against last year, signed and toned: percent for money and nights, points for
 * occupancy. "no comparison" where last year had nothing to compare with (never an infinite
 * percentage).
 */
export function Change({ value: delta, unit }: { value: number | null; unit: "%" | "pt" }) {
  if (delta === null) return <span className="text-slate-500">no comparison</span>;
  const tone = delta > 0 ? "text-emerald-800" : delta < 0 ? "text-red-700" : "text-slate-700";
  const sign = delta > 0 ? "+" : delta < 0 ? "−" : "";
  return (
    <span className={`whitespace-nowrap ${tone}`}>{`${sign}${Math.abs(delta).toFixed(1)} ${unit}`}</span>
  );
}
