import type { ListListingsQuery } from "../svc/schemas/listings";
import type { UsageQuery } from "../svc/schemas/usage";

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
  /** A market's queries (its page, its recommendations); the prefix a market change invalidates. */
  markets: {
    all: ["markets"] as const,
    detail: (marketId: string) => [...queryKeys.markets.all, "detail", marketId] as const,
  },
  apiKeys: {
    all: ["api-keys"] as const,
    list: () => [...queryKeys.apiKeys.all, "list"] as const,
  },
  usage: {
    all: ["usage"] as const,
    report: (query: UsageQuery) => [...queryKeys.usage.all, "report", query] as const,
  },
  webhooks: {
    all: ["webhooks"] as const,
    eventTypes: () => [...queryKeys.webhooks.all, "event-types"] as const,
    list: () => [...queryKeys.webhooks.all, "list"] as const,
    /** Every subscription's deliveries (the page's Refresh). */
    allDeliveries: () => [...queryKeys.webhooks.all, "deliveries"] as const,
    /** Every page of one subscription's deliveries: the prefix to invalidate. */
    deliveries: (id: string) => [...queryKeys.webhooks.allDeliveries(), id] as const,
    deliveriesPage: (id: string, page: number) => [...queryKeys.webhooks.deliveries(id), page] as const,
  },
  dashboardWebhook: {
    all: ["dashboard-webhook"] as const,
    status: () => [...queryKeys.dashboardWebhook.all, "status"] as const,
    inbox: () => [...queryKeys.dashboardWebhook.all, "inbox"] as const,
  },
} as const;
