"use client";

import { useEffect, useState, type ComponentType, type ReactNode } from "react";
import type { PartLoader } from "@/lib/lazy-chunk";
import { ErrorPanel } from "./error-panel";

/**
 * A part of a page that only some visits reach (the candidates' results table, after a first
 * search), drawn from code fetched when it is first mounted instead of with the page. Until the
 * code arrives `fallback` holds its place (the part's own loading shape, so nothing shifts). If
 * the code cannot be fetched, the part says so with a retry; the rest of the page, and whatever
 * the user typed or picked there, stays as it was. Callers may start the fetch earlier, on a
 * sign of intent, with `loader.load()`.
 */
export function LazyPart<P extends object>({
  loader,
  props,
  fallback,
  what,
}: {
  loader: PartLoader<ComponentType<P>>;
  props: NoInfer<P>;
  fallback: ReactNode;
  /** What the part shows, for the failure's sentence: "We couldn't load {what}." */
  what: string;
}) {
  const [Part, setPart] = useState(() => loader.loaded());
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    if (Part || failure) return;
    let left = false;
    loader.load().then(
      (Loaded) => !left && setPart(() => Loaded),
      (error: unknown) => !left && setFailure(error ?? new Error("not loaded")),
    );
    return () => {
      left = true;
    };
  }, [loader, Part, failure]);

  if (Part) return <Part {...props} />;
  if (failure) return <ErrorPanel error={failure} what={what} onRetry={() => setFailure(null)} />;
  return fallback;
}
