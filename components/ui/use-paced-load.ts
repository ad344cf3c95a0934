"use client";

import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { runPaced, type PacedProgress } from "@/lib/queries/paced";
import { rateLimitStore } from "@/lib/queries/svc";

export type PacedState = "idle" | "running" | "done" | "cancelled";

/**
 * Reads one query per id on demand, paced by `runPaced` (4 in flight, paused below 20 % of
 * the minute's budget). Answers land in the shared cache under the owning page's keys, so a
 * listing opened afterwards costs nothing; answers already fresh there cost nothing now.
 */
export function usePacedLoad<T>(
  ids: readonly string[],
  /** One item's read, through `queryClient.fetchQuery` with the owning page's query builder. */
  fetchOne: (queryClient: QueryClient, id: string) => Promise<T>,
) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<PacedState>("idle");
  const [progress, setProgress] = useState<PacedProgress>({
    done: 0,
    failed: 0,
    total: 0,
    pausedUntil: null,
  });
  const [results, setResults] = useState<ReadonlyMap<string, T>>(new Map());
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async () => {
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    setState("running");
    setResults(new Map());
    const found = new Map<string, T>();
    const final = await runPaced(
      ids,
      async (id) => {
        // fetchQuery answers from the cache while fresh, else spends one request.
        const data = await fetchOne(queryClient, id);
        found.set(id, data);
        setResults(new Map(found));
      },
      { budget: rateLimitStore.get, signal: own.signal, onProgress: setProgress },
    );
    if (controller.current !== own) return;
    setProgress(final);
    setState(own.signal.aborted ? "cancelled" : "done");
  }, [ids, queryClient, fetchOne]);

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { state, progress, results, start, cancel };
}
