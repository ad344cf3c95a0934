"use client";

import { useId } from "react";
import type { ApiKey } from "@/lib/svc/schemas/api-keys";
import { keyLabel } from "@/lib/usage/series";

/** Narrows the report to one API key (`token_id`); revoked keys stay listed, marked. */
export function KeyFilter({
  keys,
  value,
  loading,
  onChange,
}: {
  keys: readonly ApiKey[];
  value: string | null;
  loading: boolean;
  onChange: (tokenId: string | null) => void;
}) {
  const id = useId();
  const unknown = value !== null && !keys.some((k) => k.token_id === value) ? value : null;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-slate-700">
        API key
      </label>
      <select
        id={id}
        value={value ?? ""}
        onChange={(e) => onChange(e.target.value || null)}
        aria-busy={loading || undefined}
        className="w-64 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
      >
        <option value="">All keys</option>
        {unknown === null ? null : <option value={unknown}>{unknown}</option>}
        {keys.map((key) => (
          <option key={key.token_id} value={key.token_id}>
            {keyLabel(key)}
            {key.revoked_at ? " (revoked)" : ""}
          </option>
        ))}
      </select>
    </div>
  );
}
