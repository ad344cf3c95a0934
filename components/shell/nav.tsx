"use client";

import { usePathname } from "next/navigation";
import { Link } from "@/components/ui/link";
import { sections } from "@/lib/shell/sections";
import { cn } from "@/components/ui/cn";

/** The sections, the current one marked; `onNavigate` lets the narrow menu close on a choice. */
export function Nav({ onNavigate }: { onNavigate?: () => void }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Sections" className="flex flex-col gap-0.5">
      {sections.map((section) => {
        const active = section.href === "/" ? pathname === "/" : pathname.startsWith(section.href);
        return (
          <Link
            key={section.href}
            href={section.href}
            aria-current={active ? "page" : undefined}
            onClick={onNavigate}
            className={cn(
              "flex shrink-0 items-center justify-between gap-2 rounded-md px-3 py-2 text-sm",
              active ? "bg-brand-50 font-semibold text-brand-700" : "text-slate-700 hover:bg-slate-100",
            )}
          >
            {section.label}
          </Link>
        );
      })}
    </nav>
  );
}
