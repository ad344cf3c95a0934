import type { ReactNode } from "react";
import { Link } from "@/components/ui/link";

/** The create and edit pages' frame: breadcrumb, title and what the page does. */
export function FormPageFrame({
  title,
  crumbs,
  intro,
  children,
}: {
  title: string;
  crumbs: ReadonlyArray<{ href: string; label: string }>;
  intro: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="segment-form-title" className="max-w-7xl space-y-6">
      <div className="space-y-1">
        <nav aria-label="Breadcrumb" className="text-sm">
          {crumbs.map((crumb) => (
            <span key={crumb.href}>
              <Link href={crumb.href} className="text-brand-700 underline underline-offset-2">
                {crumb.label}
              </Link>
              <span aria-hidden="true" className="px-1.5 text-slate-400">
                /
              </span>
            </span>
          ))}
          <span aria-current="page" className="text-slate-600">
            {title}
          </span>
        </nav>
        <h1 id="segment-form-title" className="text-2xl font-semibold">
          {title}
        </h1>
        <p className="max-w-3xl text-sm text-slate-600">{intro}</p>
      </div>
      {children}
    </section>
  );
}
