"use client";

import { useEffect, useSyncExternalStore } from "react";
import { readStored, subscribeStored as subscribe, writeStored } from "@/lib/shell/browser-storage";
import { parseRecent, RECENT_STORAGE_KEY, remember, type RecentEntry } from "@/lib/shell/recent";

// Storage disabled reads as no shortcuts; nothing breaks.
const read = () => readStored(RECENT_STORAGE_KEY);

/** The raw stored string is the snapshot (stable between changes); parsed by the caller. */
export function useRecentVisits(): RecentEntry[] | null {
  const raw = useSyncExternalStore(subscribe, read, () => undefined);
  return raw === undefined ? null : parseRecent(raw);
}

/** Records a visit once the page knows what it shows (`null` while loading). */
export function useRememberVisit(entry: Omit<RecentEntry, "at"> | null) {
  const kind = entry?.kind;
  const id = entry?.id;
  const name = entry?.name;
  useEffect(() => {
    if (!kind || !id || name === undefined) return;
    // Storage full or disabled: the shortcut is a convenience, nothing to say.
    const next = remember(parseRecent(read()), { kind, id, name, at: Date.now() });
    writeStored(RECENT_STORAGE_KEY, JSON.stringify(next));
  }, [kind, id, name]);
}
