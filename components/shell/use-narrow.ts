"use client";

import { useSyncExternalStore } from "react";

/** Below Tailwind's `md`, where the shell folds its sidebar into the Menu (docs/narrow-decisions.md). */
const NARROW = "(max-width: 767.98px)";
/** A finger rather than a mouse: no hover, no Shift key, and a drag scrolls. */
const COARSE = "(pointer: coarse)";

// Where there is no matchMedia (a test's DOM), every query is false: the wide layout.
const matches = (query: string) =>
  typeof window.matchMedia === "function" && window.matchMedia(query).matches;

const subscribeTo = (query: string) => (change: () => void) => {
  if (typeof window.matchMedia !== "function") return () => {};
  const list = window.matchMedia(query);
  list.addEventListener("change", change);
  return () => list.removeEventListener("change", change);
};
const subscribeNarrow = subscribeTo(NARROW);
const subscribeCoarse = subscribeTo(COARSE);
// The server draws the wide layout; the first client render after hydration corrects it.
const onServer = () => false;

/** Whether the window is narrower than `md` now. */
export function useNarrow(): boolean {
  return useSyncExternalStore(subscribeNarrow, () => matches(NARROW), onServer);
}

/**
 * Whether to speak of taps rather than keys and pointers: on a touch screen, and on any narrow
 * window, which is mostly a phone's.
 */
export function useTouchWords(): boolean {
  const narrow = useNarrow();
  const coarse = useSyncExternalStore(subscribeCoarse, () => matches(COARSE), onServer);
  return narrow || coarse;
}
