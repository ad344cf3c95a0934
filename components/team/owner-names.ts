"use client";

import { useQueries } from "@tanstack/react-query";
import { useMemo } from "react";
import type { Membership } from "@/lib/svc/schemas/team";
import { activeMemberships } from "@/lib/team/portfolio";
import { ownerNameQuery } from "@/lib/team/queries";

// Stable, so that TanStack keeps the combined answer while no name changes.
const namesOnly = (results: Array<{ data?: string | null }>) => results.map((r) => r.data ?? null);

/**
 * Display names of the owners of the teams I am active in (an invitation grants no access to
 * their listings, where the name is read). Missing names leave the email in place.
 */
export function useOwnerNames(memberships: readonly Membership[]): ReadonlyMap<string, string> {
  const active = activeMemberships(memberships);
  const names = useQueries({
    queries: active.map((m) => ownerNameQuery(m.master_user_id)),
    combine: namesOnly,
  });
  const ids = active.map((m) => m.master_user_id).join(",");
  return useMemo(() => {
    const map = new Map<string, string>();
    ids.split(",").forEach((id, i) => {
      const name = names[i];
      if (id && name) map.set(id, name);
    });
    return map;
  }, [ids, names]);
}
