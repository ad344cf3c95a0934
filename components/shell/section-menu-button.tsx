import type { ComponentPropsWithRef } from "react";
import { cn } from "@/components/ui/cn";

/** The Menu button, the same closed and as Radix's trigger (see BellButton). */
export function SectionMenuButton({ className, ...rest }: ComponentPropsWithRef<"button">) {
  return (
    <button
      type="button"
      className={cn(
        "inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100",
        className,
      )}
      {...rest}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4">
        <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      Menu
    </button>
  );
}
