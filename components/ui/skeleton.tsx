import type { CSSProperties } from "react";
import { cn } from "@/components/ui/cn";

/**
 * A grey placeholder block, sized by the caller to the content it stands in for. It never
 * grows past its container, so a placeholder sized for the desktop cannot widen a phone's page.
 */
export function Skeleton({ className, style }: { className?: string; style?: CSSProperties }) {
  return (
    <div
      aria-hidden="true"
      style={style}
      className={cn("max-w-full animate-pulse rounded bg-slate-200", className)}
    />
  );
}
