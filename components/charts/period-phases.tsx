import { PHASE_LABELS, type KpiPhase } from "@/lib/metrics/kpi-series";

/**
 * How a period chart tells past from forward periods, shared by every chart that has both:
 * past bars solid, the period in progress lighter, forward periods (only what is on the
 * books) hatched and outlined so they never read as results.
 */
export const PHASE_COLORS: Record<KpiPhase, string> = {
  past: "var(--chart-brand)",
  current: "var(--chart-brand-soft)",
  forward: "var(--chart-brand-mid)",
};

/** The forward bars' fill, `url(#id)`; `id` from `phaseHatchId`. */
export const hatchFill = (id: string) => `url(#${id})`;

/** A pattern id from React's `useId`, which may hold characters a url(#...) reference cannot. */
export const phaseHatchId = (reactId: string) => `phase-hatch-${reactId.replace(/[^a-zA-Z0-9_-]/g, "")}`;

/** The hatch pattern, defined once per chart (an SVG of no size beside the plot). */
export function PhaseHatchDefs({ id }: { id: string }) {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute">
      <defs>
        <pattern id={id} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="6" height="6" fill="var(--chart-brand-wash)" />
          <line x1="0" y1="0" x2="0" y2="6" stroke={PHASE_COLORS.forward} strokeWidth="2" />
        </pattern>
      </defs>
    </svg>
  );
}

/** The legend in words; the forward swatch is hatched like its bars. */
export function PhaseLegend({ phases, hatchId }: { phases: readonly KpiPhase[]; hatchId: string }) {
  return (
    <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
      {phases.map((phase) => (
        <li key={phase} className="inline-flex items-center gap-1.5">
          <svg aria-hidden="true" width="12" height="12" className="shrink-0">
            <rect
              x="0.5"
              y="0.5"
              width="11"
              height="11"
              rx="2"
              fill={phase === "forward" ? hatchFill(hatchId) : PHASE_COLORS[phase]}
              stroke={phase === "forward" ? PHASE_COLORS.forward : "none"}
              strokeDasharray={phase === "forward" ? "2 1.5" : undefined}
            />
          </svg>
          {PHASE_LABELS[phase]}
        </li>
      ))}
    </ul>
  );
}

/** The phases present in a series, in time order, for the legend. */
export function phasesIn(points: ReadonlyArray<{ phase?: KpiPhase }>): KpiPhase[] {
  return (["past", "current", "forward"] as const).filter((phase) => points.some((p) => p.phase === phase));
}
