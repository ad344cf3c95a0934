/**
 * This browser's localStorage as an external store for `useSyncExternalStore`: reads that
 * never throw (storage disabled or refused reads as nothing stored), writes that tell this
 * tab's hooks (same-tab writes fire no `storage` event) and one subscription that hears this
 * tab and the others. Shared by the display preferences and the recent visits.
 */

const CHANGE_EVENT = "rate-desk:storage-change";

export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores `value` (storage refusing it, in private mode or past its quota, is not an error) and tells subscribers. */
export function writeStored(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Refused: what was stored before stays; the page goes on.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function subscribeStored(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}
