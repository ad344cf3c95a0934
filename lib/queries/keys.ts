import type { ListListingsQuery } from "@/lib/svc/schemas/listings";
import type { CandidatesQuery, ListSetsQuery } from "@/lib/svc/schemas/sets";
import type { UsageQuery } from "@/lib/svc/schemas/usage";

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
    /** The portfolio read page by page as it is needed (the portfolio calendar's rows). */
    pages: (filters: Omit<ListListingsQuery, "page" | "offset" | "per_page">) =>
      [...queryKeys.listings.lists(), "pages", filters] as const,
    detail: (svcId: string) => [...queryKeys.listings.all, "detail", svcId] as const,
    /**
     * One resource of one listing's workspace (kpis, calendar, preferences, reservations...),
     * kept under `detail` so that a live change to the listing invalidates all of it.
     * `params` are the request's query values when they vary (a window, a date range).
     */
    resource: (svcId: string, resource: string, params?: Record<string, unknown>) =>
      [...queryKeys.listings.detail(svcId), resource, ...(params ? [params] : [])] as const,
    /** Portfolio-wide KPIs and ranking (GET /listings/kpis). */
    portfolioKpis: (params: Record<string, unknown>) =>
      [...queryKeys.listings.lists(), "kpis", params] as const,
    /** The names of the listings a page refers to by id (notifications, the Inbox), from reads already made. */
    names: () => [...queryKeys.listings.all, "names"] as const,
  },
  sets: {
    all: ["sets"] as const,
    lists: () => [...queryKeys.sets.all, "list"] as const,
    list: (filters: Omit<ListSetsQuery, "page" | "offset" | "per_page">) =>
      [...queryKeys.sets.lists(), filters] as const,
    candidates: (query: CandidatesQuery) => [...queryKeys.sets.all, "candidates", query] as const,
    /** A set and everything read about it: the prefix a write to the set invalidates. */
    detail: (setId: string) => [...queryKeys.sets.all, "detail", setId] as const,
    members: (setId: string) => [...queryKeys.sets.detail(setId), "members"] as const,
    associated: (setId: string) => [...queryKeys.sets.detail(setId), "associated"] as const,
    /** The paid-only reads; never fetched for a free set. */
    analytics: (setId: string) => [...queryKeys.sets.detail(setId), "analytics"] as const,
    analyticsResource: (setId: string, resource: string, params?: Record<string, unknown>) =>
      [...queryKeys.sets.analytics(setId), resource, ...(params ? [params] : [])] as const,
  },
  /**
   * The caller's segments. The interface has no GET /segments/{id}: a segment's record is read
   * from the list, so `detail(id)` is the prefix of what is read about one segment (its
   * listings, its metrics) and the list is invalidated with it after a write.
   */
  segments: {
    all: ["segments"] as const,
    list: () => [...queryKeys.segments.all, "list"] as const,
    /** Every segment's listings and metrics: what a change to the caller's listings invalidates. */
    details: () => [...queryKeys.segments.all, "detail"] as const,
    detail: (segmentId: string) => [...queryKeys.segments.details(), segmentId] as const,
    /** `params` are the request's query values (include_managed_listings, the month range). */
    resource: (segmentId: string, resource: "listings" | "metrics", params: Record<string, unknown>) =>
      [...queryKeys.segments.detail(segmentId), resource, params] as const,
  },
  /** A market's queries (its page, its recommendations); the prefix a market change invalidates. */
  markets: {
    all: ["markets"] as const,
    /** GET /market_report: every market of the caller's listings. */
    list: () => [...queryKeys.markets.all, "list"] as const,
    detail: (marketId: string) => [...queryKeys.markets.all, "detail", marketId] as const,
    /**
     * One read of one market's report (bedroom groups, time series, distribution), kept under
     * `detail` so that a pricing run in the market refreshes all of it. `params` are the query.
     */
    resource: (marketId: string, resource: string, params?: Record<string, unknown>) =>
      [...queryKeys.markets.detail(marketId), resource, ...(params ? [params] : [])] as const,
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
  notifications: {
    all: ["notifications"] as const,
    /** Every read of the notifications themselves: the prefix a dismissal or a live change invalidates. */
    lists: () => [...queryKeys.notifications.all, "list"] as const,
    /** The newest undismissed ones: the bell's count and panel (and the Overview's). */
    newest: () => [...queryKeys.notifications.lists(), "newest"] as const,
    page: (query: { page: number; include_dismissed: boolean }) =>
      [...queryKeys.notifications.lists(), "page", query] as const,
    /** Every one, read whole for a view filtered by type (the service filters by nothing but dismissal). */
    whole: (query: { include_dismissed: boolean }) =>
      [...queryKeys.notifications.lists(), "whole", query] as const,
    settings: () => [...queryKeys.notifications.all, "settings"] as const,
  },
  /** The caller's own team (members) and the teams the caller belongs to (memberships). */
  team: {
    all: ["team"] as const,
    members: () => [...queryKeys.team.all, "members"] as const,
    memberships: () => [...queryKeys.team.all, "memberships"] as const,
    /** A team owner's display name, read from one of their listings (memberships carry only an email). */
    ownerName: (userId: string) => [...queryKeys.team.all, "owner-name", userId] as const,
  },
  /** The signed-in person's own e-mail delivery of alerts (GET, PUT /api/alerts/delivery). */
  alertsDelivery: { all: ["alerts-delivery"] as const },
  dashboardWebhook: {
    all: ["dashboard-webhook"] as const,
    status: () => [...queryKeys.dashboardWebhook.all, "status"] as const,
    inbox: () => [...queryKeys.dashboardWebhook.all, "inbox"] as const,
  },
  /** The alerts' outgoing webhook: its endpoint and the messages sent to it (the dashboard's own routes). */
  alertsWebhook: {
    all: ["alerts-webhook"] as const,
    endpoint: () => [...queryKeys.alertsWebhook.all, "endpoint"] as const,
    deliveries: () => [...queryKeys.alertsWebhook.all, "deliveries"] as const,
  },
  /** Alert rules and alerts (the dashboard's own store: no service request). */
  alerts: {
    all: ["alerts"] as const,
    rules: () => [...queryKeys.alerts.all, "rules"] as const,
    /** Every read of the alerts themselves: the prefix an action on one invalidates. */
    lists: () => [...queryKeys.alerts.all, "list"] as const,
    list: (state: string) => [...queryKeys.alerts.lists(), state] as const,
    /** The bell's count of open alerts. */
    openCount: () => [...queryKeys.alerts.lists(), "open-count"] as const,
  },
  /** The portfolio mirror: its sync's status (the dashboard's own route, no service request). */
  sync: {
    all: ["sync"] as const,
    status: () => [...queryKeys.sync.all, "status"] as const,
    /** The Overview's figures read from the mirror. */
    overview: () => [...queryKeys.sync.all, "overview"] as const,
    /** The pace table from the mirror (on the books against last year, pickup), by its query string's values. */
    pace: (search: Record<string, string>) => [...queryKeys.sync.all, "pace", search] as const,
    /** What lies behind a pace cell (the listings of a gap, the reservations of a pickup), by its query string's values. */
    paceDetail: (search: Record<string, string>) => [...queryKeys.sync.all, "pace-detail", search] as const,
    /** The booking curve and booking windows from the mirror, by their query string's values. */
    paceCurves: (search: Record<string, string>) => [...queryKeys.sync.all, "pace-curves", search] as const,
    /** The triage queue scored from the mirror. */
    triage: () => [...queryKeys.sync.all, "triage"] as const,
    /** The portfolio's listing records read from the mirror, for the Listings filters. */
    listings: (filters: Omit<ListListingsQuery, "page" | "offset" | "per_page">) =>
      [...queryKeys.sync.all, "listings", filters] as const,
  },
} as const;
