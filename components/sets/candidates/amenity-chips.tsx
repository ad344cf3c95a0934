"use client";

import { useState } from "react";
import { amenityLabel } from "@/lib/sets/candidates";

const SHOWN = 4;

/** A listing's amenities as chips; past the first few, a button shows the rest. */
export function AmenityChips({ amenities }: { amenities: readonly string[] }) {
  const [all, setAll] = useState(false);
  if (amenities.length === 0) return <span className="text-slate-500">None listed</span>;
  const shown = all ? amenities : amenities.slice(0, SHOWN);
  const hidden = amenities.length - shown.length;
  return (
    <ul className="flex min-w-56 max-w-80 flex-wrap gap-1" aria-label="Amenities">
      {shown.map((a) => (
        <li
          key={a}
          className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700 ring-1 ring-inset ring-slate-200"
        >
          {amenityLabel(a)}
        </li>
      ))}
      {hidden > 0 || all ? (
        <li>
          <button
            type="button"
            onClick={() => setAll(!all)}
            aria-expanded={all}
            className="rounded-full px-2 py-0.5 text-xs font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {all ? "Fewer" : `+${hidden} more`}
          </button>
        </li>
      ) : null}
    </ul>
  );
}
