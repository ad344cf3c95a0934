"use client";

import { parseAsStringLiteral, useQueryState } from "nuqs";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import { Tabs } from "@/components/ui/tabs";
import { NotificationsList } from "@/components/notifications/notifications-list";
import { SettingsSection } from "@/components/notifications/settings-section";

export const NOTIFICATION_TABS = ["list", "settings"] as const;
type NotificationTab = (typeof NOTIFICATION_TABS)[number];

/** The page: every notification (paged, dismissed ones on request) and the delivery settings, as tabs in the URL. */
export function NotificationsView({ keyKind }: { keyKind: ApiKeyKind | null }) {
  const [tab, setTab] = useQueryState("tab", parseAsStringLiteral(NOTIFICATION_TABS).withDefault("list"));
  return (
    <Tabs<NotificationTab>
      label="Notifications sections"
      value={tab}
      onValueChange={(next) => void setTab(next === "list" ? null : next)}
      tabs={[
        { value: "list", label: "Notifications", content: <NotificationsList keyKind={keyKind} /> },
        { value: "settings", label: "Settings", content: <SettingsSection keyKind={keyKind} /> },
      ]}
    />
  );
}
