import Link from "next/link";
import type { Permission } from "@/lib/listings/display";
import { Button } from "../../ui/button";
import { Tooltip } from "../../ui/tooltip";

/** The note saying why creating is disabled: the list shows it, the button points to it. */
export const CREATE_NOTE_ID = "sets-create-note";

/**
 * "New set": a link to the create page, or a disabled button that says why (hover, focus and
 * the note). Other sections' create and edit links use it with their own `href`.
 */
export function NewSetButton({
  permission,
  noteId,
  label = "New set",
  href = "/sets/new",
}: {
  permission: Permission;
  noteId?: string;
  label?: string;
  href?: string;
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
