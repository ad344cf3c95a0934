import type { CSSProperties } from "react";
import { cn } from "./cn";

/** A grey placeholder block, sized by the caller to the content it stands in for. */
export function Skeleton({ className, style }: { className?: string; style?: CSSProperties }) {
  return (
    <div aria-hidden="true" style={style} className={cn("animate-pulse rounded bg-slate-200", className)} />
  );
}
