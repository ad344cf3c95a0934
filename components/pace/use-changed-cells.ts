"use client";

import { useEffect, useRef, useState } from "react";
import { changedCells } from "@/lib/pace/changes";
import type { PaceRowView } from "@/lib/pace/queries";

const HIGHLIGHT_MS = 6_000;

/**
 * The cells the last fresh read of the same view changed (a webhook's reservation reaching
 * the mirror), for a few seconds: what the page highlights so the eye finds the move. A new
 * view (another unit, window or scope) is a new table, not a change; nor is the previous
 * view's table shown while a new one loads (`settled` false).
 */
export function useChangedCells(
  rows: readonly PaceRowView[] | undefined,
  view: string,
  settled = true,
): ReadonlySet<string> {
  const last = useRef<{ view: string; rows: readonly PaceRowView[] } | null>(null);
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (!settled) last.current = null;
    if (!rows || !settled) return;
    const before = last.current;
    last.current = { view, rows };
    if (!before || before.view !== view || before.rows === rows) return;
    const moved = changedCells(before.rows, rows);
    if (moved.size === 0) return;
    setChanged(moved);
    const timer = setTimeout(() => setChanged(new Set()), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [rows, view, settled]);
  return changed;
}
