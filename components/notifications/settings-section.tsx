"use client";

import { useQuery } from "@tanstack/react-query";
import { changePermission } from "@/lib/notifications/display";
import { notificationSettingsQuery } from "@/lib/notifications/queries";
import type { ApiKeyKind } from "@/lib/svc/schemas/api-keys";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { SettingsForm } from "@/components/notifications/settings-form";

/** Which events reach you, and how: the service's switches per event and channel. */
export function SettingsSection({ keyKind }: { keyKind: ApiKeyKind | null }) {
  const settings = useQuery(notificationSettingsQuery());
  const state = settings.isPending ? "loading" : settings.isError ? "error" : "ready";
  return (
    <section
      aria-labelledby="notification-settings-title"
      data-testid="notification-settings"
      data-state={state}
    >
      <h2 id="notification-settings-title" className="text-base font-semibold">
        Delivery settings
      </h2>
      <p className="mb-4 max-w-3xl text-sm text-slate-600">
        For each event, choose where it reaches you. <strong className="font-medium">In-app</strong> puts it
        in the bell and on this page; with it off, the service does not keep that event&apos;s notifications
        for you. <strong className="font-medium">Email</strong> sends it to your account&apos;s address.
      </p>
      {settings.isPending ? (
        <div role="status" className="max-w-3xl space-y-2">
          <span className="sr-only">Loading the settings</span>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-14 w-full rounded-lg" />
          ))}
        </div>
      ) : settings.isError ? (
        <ErrorPanel
          error={settings.error}
          onRetry={() => void settings.refetch()}
          what="your notification settings"
        />
      ) : (
        <SettingsForm saved={settings.data} permission={changePermission(keyKind)} />
      )}
    </section>
  );
}
