"use client";

import { useSyncExternalStore } from "react";

/** Below Tailwind's `sm`: a phone held upright. */
const PHONE_QUERY = "(max-width: 639px)";

const media = () => (typeof window.matchMedia === "function" ? window.matchMedia(PHONE_QUERY) : null);

function subscribe(onChange: () => void) {
  const list = media();
  list?.addEventListener("change", onChange);
  return () => list?.removeEventListener("change", onChange);
}

/**
 * Whether the page is as narrow as a phone. The cards are drawn only then, so a desktop page
 * holds one copy of each row (the server renders the table).
 */
export const usePhoneWidth = () =>
  useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
