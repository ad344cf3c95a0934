"use client";

import { useEffect, useSyncExternalStore } from "react";
import { parseRecent, RECENT_STORAGE_KEY, remember, type RecentEntry } from "@/lib/shell/recent";

/** Same-tab writes do not fire `storage`, so this one tells the hooks too. */
const CHANGE_EVENT = "rate-desk:recent-change";

function read(): string | null {
  try {
    return window.localStorage.getItem(RECENT_STORAGE_KEY);
  } catch {
    return null; // storage disabled: no shortcuts, nothing breaks
  }
}

function subscribe(listener: () => void) {
  window.addEventListener("storage", listener);
  window.addEventListener(CHANGE_EVENT, listener);
  return () => {
    window.removeEventListener("storage", listener);
    window.removeEventListener(CHANGE_EVENT, listener);
  };
}

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
    try {
      const next = remember(parseRecent(read()), { kind, id, name, at: Date.now() });
      window.localStorage.setItem(RECENT_STORAGE_KEY, JSON.stringify(next));
      window.dispatchEvent(new Event(CHANGE_EVENT));
    } catch {
      // storage full or disabled: the shortcut is a convenience
    }
  }, [kind, id, name]);
}
