"use client";

import { useEffect, useRef, useState } from "react";
import type { ChunkProgress } from "@/lib/queries/paced-chunks";
import { rateLimitStore } from "@/lib/queries/svc";

/**
 * The state of a change sent in chunks, for a dialog: its progress while it runs, Cancel, and
 * what the run needs from the page (the abort signal, the budget as the service last said
 * it). A dialog left mid-run (the page changes) cancels the rest, as Cancel would.
 */
export function useChunkedSending() {
  const [progress, setProgress] = useState<ChunkProgress | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  return {
    /** Null unless a chunked run is under way. */
    progress,
    cancelling,
    /** Starts a run over `total` listings; spread what it returns into the sender. */
    start(total: number) {
      const own = new AbortController();
      controller.current = own;
      setCancelling(false);
      setProgress({ done: 0, total, pausedUntil: null });
      return { signal: own.signal, onProgress: setProgress, budget: rateLimitStore.get };
    },
    /** Stops sending further chunks; the ones already sent finish and report. */
    cancel() {
      controller.current?.abort();
      setCancelling(true);
    },
    end() {
      controller.current = null;
      setProgress(null);
      setCancelling(false);
    },
  };
}
