"use client";

import { Button } from "@/components/ui/button";
import { GuardedButton } from "@/components/ui/guarded-button";
import { lazyDialog } from "@/components/ui/lazy";
import type { Permission } from "@/lib/access/permission";
import {
  autoLevelButton,
  inviteButton,
  removeButton,
  segmentsButton,
} from "@/components/team/action-buttons";
import type { AutoLevelDialogProps } from "@/components/team/auto-level-dialog";
import type { RemoveMemberDialogProps } from "@/components/team/remove-member-dialog";
import type { SegmentsDialogProps } from "@/components/team/segments-dialog";

/*
 * The team page's dialogs (Radix's dialog, the forms with react-hook-form and their checks)
 * are not part of the page's first load: the page is read far more often than it is changed.
 * Each button is drawn at once; the first move towards it fetches its dialog, and the click
 * opens it (lazyDialog). A key that may not act gets the disabled button with its reason, and
 * no dialog at all.
 */
const InviteDialog = lazyDialog<object>(() => import("@/components/team/invite-dialog"), {
  trigger: () => <Button {...inviteButton} />,
});
const AutoLevelDialog = lazyDialog<AutoLevelDialogProps>(
  () => import("@/components/team/auto-level-dialog"),
  {
    trigger: ({ member }) => <Button {...autoLevelButton(member)} />,
  },
);
const SegmentsDialog = lazyDialog<SegmentsDialogProps>(() => import("@/components/team/segments-dialog"), {
  trigger: ({ member }) => <Button {...segmentsButton(member)} />,
});
const RemoveMemberDialog = lazyDialog<RemoveMemberDialogProps>(
  () => import("@/components/team/remove-member-dialog"),
  {
    trigger: ({ member }) => <Button {...removeButton(member)} />,
  },
);

type Guarded<P> = P & { permission: Permission };

export function InviteSomeone({ permission }: { permission: Permission }) {
  if (!permission.allowed) return <GuardedButton permission={permission} {...inviteButton} />;
  return <InviteDialog />;
}

export function ChangeAutoLevel({ permission, ...props }: Guarded<AutoLevelDialogProps>) {
  if (!permission.allowed)
    return <GuardedButton permission={permission} {...autoLevelButton(props.member)} />;
  return <AutoLevelDialog {...props} />;
}

export function AssignSegments({ permission, ...props }: Guarded<SegmentsDialogProps>) {
  if (!permission.allowed) return <GuardedButton permission={permission} {...segmentsButton(props.member)} />;
  return <SegmentsDialog {...props} />;
}

export function RemoveMember({ permission, ...props }: Guarded<RemoveMemberDialogProps>) {
  if (!permission.allowed) return <GuardedButton permission={permission} {...removeButton(props.member)} />;
  return <RemoveMemberDialog {...props} />;
}
