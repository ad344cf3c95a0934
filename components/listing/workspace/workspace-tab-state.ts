/** The workspace's tabs as the URL names them (`/listings/<svc_id>?tab=<value>`). */
export const WORKSPACE_TABS = [
  "kpis",
  "pace",
  "calendar",
  "custom-rates",
  "preferences",
  "reservations",
  "notes",
  "tags",
  "flags",
  "history",
  "changelog",
] as const;
export type WorkspaceTab = (typeof WORKSPACE_TABS)[number];

export const TAB_LABELS: Record<WorkspaceTab, string> = {
  kpis: "KPIs",
  pace: "Pace",
  calendar: "Price calendar",
  "custom-rates": "Custom rates",
  preferences: "Preferences",
  reservations: "Reservations",
  notes: "Notes",
  tags: "Tags",
  flags: "Flags",
  history: "Base price history",
  changelog: "Changelog",
};
