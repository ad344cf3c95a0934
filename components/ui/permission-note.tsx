import type { ReactNode } from "react";

/** Why an action is unavailable, said on the page itself (not only in a tooltip). */
export function PermissionNote({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p
      id={id}
      role="note"
      className="flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2.5 text-sm text-amber-900 ring-1 ring-inset ring-amber-200"
    >
      <svg aria-hidden="true" viewBox="0 0 16 16" className="mt-0.5 h-4 w-4 shrink-0 fill-current">
        <path d="M4 7V5a4 4 0 1 1 8 0v2h1v8H3V7h1Zm2 0h4V5a2 2 0 1 0-4 0v2Z" />
      </svg>
      <span>{children}</span>
    </p>
  );
}
