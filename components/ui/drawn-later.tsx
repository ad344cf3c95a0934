"use client";

import { useDeferredValue, type ReactNode } from "react";
import { switchedOff } from "@/lib/perf/switches";

/**
 * Shows `fallback` on its first render and `children` in a render of their own right after.
 * That second render is a transition: React draws it in slices of a few milliseconds with the
 * main thread given back between them, where a query's answer renders synchronously, whole.
 * For a large view (a grid of hundreds of nights) whose data has just arrived; the fallback
 * should take the view's size, so nothing moves when it is drawn.
 */
export function DrawnLater({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const drawn = useDeferredValue(true, false);
  return drawn || switchedOff("drawn-later") ? children : fallback;
}
