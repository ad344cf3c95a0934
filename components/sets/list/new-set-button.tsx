import type { Permission } from "@/lib/access/permission";
import { PermittedLink } from "@/components/ui/permitted-link";

/** The note saying why creating is disabled: the list shows it, the button points to it. */
export const CREATE_NOTE_ID = "sets-create-note";

/** "New set": a link to the create page, or a disabled button that says why. */
export function NewSetButton({
  permission,
  noteId,
  label = "New set",
}: {
  permission: Permission;
  noteId?: string;
  label?: string;
}) {
  return <PermittedLink permission={permission} noteId={noteId} label={label} href="/sets/new" />;
}
