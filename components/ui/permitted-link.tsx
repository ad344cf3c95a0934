import { Link } from "@/components/ui/link";
import type { Permission } from "@/lib/access/permission";
import { Button } from "@/components/ui/button";
import { Tooltip } from "@/components/ui/tooltip";

/**
 * A primary link to a create or edit page ("New set", "Edit segment"), or, when the caller may
 * not, a disabled button that says why (hover, focus and the note `noteId` names).
 */
export function PermittedLink({
  permission,
  noteId,
  label,
  href,
}: {
  permission: Permission;
  noteId?: string;
  label: string;
  href: string;
}) {
  if (permission.allowed) {
    return (
      <Link
        href={href}
        className="inline-flex items-center justify-center gap-2 rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white transition-colors hover:bg-brand-700"
      >
        {label}
      </Link>
    );
  }
  return (
    <Tooltip content={permission.reason}>
      {/* A disabled button takes no focus or hover: the span carries the reason to both. */}
      <span tabIndex={0} className="inline-flex rounded-md" aria-describedby={noteId}>
        <Button disabled aria-describedby={noteId}>
          {label}
        </Button>
      </span>
    </Tooltip>
  );
}
