import type { ComponentProps } from "react";
import type { TeamMember } from "@/lib/svc/schemas/team";
import { personName } from "@/lib/team/levels";
import type { Button } from "@/components/ui/button";

/**
 * The team's dialog buttons: the same before a dialog's code has arrived (team-actions.tsx),
 * as its trigger, and disabled with the reason when the key may not act.
 */
export type ActionButtonProps = ComponentProps<typeof Button>;

export const inviteButton: ActionButtonProps = { children: "Invite someone" };

const rowAction = (children: string, label: string, extra = ""): ActionButtonProps => ({
  variant: "secondary",
  className: `px-2 py-1 text-xs${extra}`,
  "aria-label": label,
  children,
});

export const autoLevelButton = (member: TeamMember) =>
  rowAction("Change", `Change the level ${personName(member)} gets on listings you add later`);

export const segmentsButton = (member: TeamMember) =>
  rowAction("Assign", `Assign segments to ${personName(member)}`);

export const removeButton = (member: TeamMember) =>
  rowAction("Remove", `Remove ${personName(member)}`, " text-red-700");
