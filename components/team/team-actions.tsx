"use client";

import type { Permission } from "@/lib/listings/display";
import { GuardedButton } from "../ui/guarded-button";
import { Button } from "../ui/button";
import { intentLoader, LoadOnIntent, type IntentLoader } from "../ui/load-on-intent";
import {
  autoLevelButton,
  inviteButton,
  removeButton,
  segmentsButton,
  type ActionButtonProps,
} from "./action-buttons";
import type { AutoLevelDialogProps } from "./auto-level-dialog";
import type { RemoveMemberDialogProps } from "./remove-member-dialog";
import type { SegmentsDialogProps } from "./segments-dialog";

/*
 * The team page's dialogs (Radix's dialog, the forms with react-hook-form and their checks)
 * are not part of the page's first load: the page is read far more often than it is changed.
 * Each button is drawn as it looks closed; the first move towards it fetches its dialog, and
 * the click opens it (LoadOnIntent). A key that may not act gets the disabled button with its
 * reason, and no dialog at all.
 */
const inviteDialog = intentLoader<object>(() => import("./invite-dialog"));
const autoLevelDialog = intentLoader<AutoLevelDialogProps>(() => import("./auto-level-dialog"));
const segmentsDialog = intentLoader<SegmentsDialogProps>(() => import("./segments-dialog"));
const removeDialog = intentLoader<RemoveMemberDialogProps>(() => import("./remove-member-dialog"));

function GuardedOnIntent<P extends object>({
  loader,
  permission,
  button,
  props,
}: {
  loader: IntentLoader<P>;
  permission: Permission;
  button: ActionButtonProps;
  props: NoInfer<P>;
}) {
  if (!permission.allowed) return <GuardedButton permission={permission} {...button} />;
  return (
    <LoadOnIntent loader={loader} closed={(trigger) => <Button {...button} {...trigger} />} props={props} />
  );
}

type Guarded<P> = P & { permission: Permission };

export function InviteSomeone({ permission }: { permission: Permission }) {
  return <GuardedOnIntent loader={inviteDialog} permission={permission} button={inviteButton} props={{}} />;
}

export function ChangeAutoLevel({ permission, ...props }: Guarded<AutoLevelDialogProps>) {
  return (
    <GuardedOnIntent
      loader={autoLevelDialog}
      permission={permission}
      button={autoLevelButton(props.member)}
      props={props}
    />
  );
}

export function AssignSegments({ permission, ...props }: Guarded<SegmentsDialogProps>) {
  return (
    <GuardedOnIntent
      loader={segmentsDialog}
      permission={permission}
      button={segmentsButton(props.member)}
      props={props}
    />
  );
}

export function RemoveMember({ permission, ...props }: Guarded<RemoveMemberDialogProps>) {
  return (
    <GuardedOnIntent
      loader={removeDialog}
      permission={permission}
      button={removeButton(props.member)}
      props={props}
    />
  );
}
