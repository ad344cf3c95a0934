/**
 * The dashboard's sections (DESIGN.md "Pages"), in navigation order.
 */
export interface Section {
  href: string;
  label: string;
  summary: string;
}

export const sections: Section[] = [
  {
    href: "/",
    label: "Overview",
    summary:
      "Portfolio pulse: the next 30 nights on the books, this month and next against last year, listings needing attention, notifications and webhook events.",
  },
  {
    href: "/pace",
    label: "Pace",
    summary:
      "Stay months, weeks or nights ahead on the books against the same time last year and last year's final, with the last days' pickup, from the portfolio mirror.",
  },
  {
    href: "/alerts",
    label: "Alerts",
    summary:
      "Rules that watch the portfolio and the alerts they raise, grouped by rule with why in one sentence: snooze, resolve, and create, pause or delete rules.",
  },
  {
    href: "/triage",
    label: "Triage",
    summary:
      "Every listing scored 0 to 100 from the mirror (pace, market, last booking, minimum price, flags), explained in a sentence, straight to the bulk actions.",
  },
  {
    href: "/listings",
    label: "Listings",
    summary: "Your portfolio with channel, market, owner, access and status.",
  },
  {
    href: "/calendar",
    label: "Calendar",
    summary:
      "Every listing by every night: prices, bookings, minimum stays and custom rates, with a custom rate or minimum stay set over nights selected across listings.",
  },
  {
    href: "/sets",
    label: "Sets",
    summary: "Dynamic sets of comparison listings: build, share, upgrade and read the paid analytics.",
  },
  {
    href: "/segments",
    label: "Segments",
    summary:
      "Saved filters over your listings: build one with a live preview (or as JSON), then see its listings, monthly metrics and the team members it is assigned to.",
  },
  {
    href: "/market",
    label: "Market report",
    summary:
      "Every market of your listings: a tile-free map of its postal codes with yours marked, time series by bedroom group overlaid, the distribution with your listings placed, and two markets compared.",
  },
  {
    href: "/webhooks",
    label: "Webhooks",
    summary:
      "Subscriptions to the service's change events: add (https only), edit, rotate the secret, re-enable, delete, and every delivery attempt.",
  },
  {
    href: "/sync",
    label: "Portfolio sync",
    summary:
      "The portfolio mirror: your listings, reservations, nights, flags and markets read once in the background, kept fresh by webhooks; its progress, pace and last error, with Pause and Resume.",
  },
  {
    href: "/usage",
    label: "API usage",
    summary: "Requests, errors, 429s and latency by day, endpoint and key.",
  },
  {
    href: "/api-keys",
    label: "API keys",
    summary: "Create, list and revoke keys; five active keys per user.",
  },
  {
    href: "/team",
    label: "Team",
    summary:
      "Your team's members with their levels, segments and level on listings you add later; invitations; the teams you belong to.",
  },
  {
    href: "/notifications",
    label: "Notifications",
    summary:
      "Everything the service noticed for you: dismiss one, several or all shown, read dismissed ones again, and choose per event whether it reaches you in the app or by email.",
  },
];

export const sectionAt = (href: string) => sections.find((s) => s.href === href)!;
