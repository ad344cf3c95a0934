"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "sonner";
import { liveUpdateFor, parseLiveChange } from "@/lib/shell/live-updates";
import { queryKeys } from "@/lib/queries/keys";

const MIRROR_KEYS = [queryKeys.sync.all];

/**
 * Listens to /api/events while a dashboard page is open: each change refetches exactly the
 * queries of the listings (and market) it names, and the notifications (the bell's count),
 * and shows a quiet notice; the mirror's changes and alerts just fired re-read what shows them.
 * Renders nothing.
 * Reconnects are EventSource's own; leaving the dashboard closes the stream.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();

  useEffect(() => {
    const source = new EventSource("/api/events");
    source.addEventListener("change", (event: MessageEvent<string>) => {
      const change = parseLiveChange(event.data);
      if (!change) return;
      const update = liveUpdateFor(change);
      for (const queryKey of update.keys) void queryClient.invalidateQueries({ queryKey });
      toast(update.message);
    });
    // The portfolio mirror read something new: what pages show from it is read again, quietly.
    source.addEventListener("mirror", () => {
      for (const queryKey of MIRROR_KEYS) void queryClient.invalidateQueries({ queryKey });
    });
    // Alerts just fired for the account: the bell's count and the inbox are read again.
    source.addEventListener("alerts", () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.alerts.lists() });
    });
    return () => source.close();
  }, [queryClient]);

  return null;
}
