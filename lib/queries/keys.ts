import type { ListListingsQuery } from "../svc/schemas/listings";

/**
 * Every query key of the dashboard, from one factory (TkDodo's convention): invalidate a
 * resource by its prefix, never by a hand-written array.
 */
export const queryKeys = {
  listings: {
    all: ["listings"] as const,
    lists: () => [...queryKeys.listings.all, "list"] as const,
    list: (filters: Omit<ListListingsQuery, "page" | "offset" | "per_page">) =>
      [...queryKeys.listings.lists(), filters] as const,
    detail: (svcId: string) => [...queryKeys.listings.all, "detail", svcId] as const,
  },
} as const;
