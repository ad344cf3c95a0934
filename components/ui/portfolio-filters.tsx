"use client";

import { useId } from "react";
import { Switch } from "@/components/ui/switch";

export interface ListingFilterState {
  managed: boolean;
  activeOnly: boolean;
  hidden: boolean;
  owner: string | null;
}

/** The portfolio's filters, as the Listings page and the portfolio calendar both offer them. */
export function ListingsFilters({
  filters,
  owners,
  onChange,
}: {
  filters: ListingFilterState;
  owners: Array<{ id: string; name: string }>;
  onChange: (next: Partial<ListingFilterState>) => void;
}) {
  const ownerId = useId();
  return (
    <div
      role="group"
      aria-label="Filters"
      className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white px-4 py-3"
    >
      <Switch
        label="Include managed listings"
        description="Listings other accounts share with you to manage"
        checked={filters.managed}
        onCheckedChange={(managed) => onChange({ managed })}
      />
      <Switch
        label="Active only"
        description="Leaves out inactive listings; hidden ones are controlled separately"
        checked={filters.activeOnly}
        onCheckedChange={(activeOnly) => onChange({ activeOnly })}
      />
      <Switch
        label="Show hidden listings"
        description="Listings hidden in the service's app"
        checked={filters.hidden}
        onCheckedChange={(hidden) => onChange({ hidden })}
      />
      <div className="flex items-center gap-2">
        <label htmlFor={ownerId} className="text-sm text-slate-700">
          Owner
        </label>
        <select
          id={ownerId}
          value={filters.owner ?? ""}
          onChange={(e) => onChange({ owner: e.target.value || null })}
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
        >
          <option value="">All owners</option>
          {owners.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
