"use client";

import { AlertDialog as RadixAlertDialog } from "radix-ui";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

/**
 * A confirmation for something that cannot be undone (Radix AlertDialog: focus trap, Escape
 * cancels, an outside click does not). The confirm control is the caller's, so it can stay
 * open while the action runs and show why it failed.
 */
export function AlertDialog({
  open,
  onOpenChange,
  title,
  description,
  trigger,
  children,
  confirm,
  cancelLabel = "Cancel",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  trigger: ReactNode;
  children?: ReactNode;
  confirm: ReactNode;
  cancelLabel?: string;
}) {
  return (
    <RadixAlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixAlertDialog.Trigger asChild>{trigger}</RadixAlertDialog.Trigger>
      <RadixAlertDialog.Portal>
        <RadixAlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/30" />
        <RadixAlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,30rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl">
          <RadixAlertDialog.Title className="text-lg font-semibold">{title}</RadixAlertDialog.Title>
          <RadixAlertDialog.Description className="mt-1 text-sm text-slate-600">
            {description}
          </RadixAlertDialog.Description>
          {children ? <div className="mt-4">{children}</div> : null}
          <div className="mt-5 flex justify-end gap-2">
            <RadixAlertDialog.Cancel asChild>
              <Button variant="secondary">{cancelLabel}</Button>
            </RadixAlertDialog.Cancel>
            {confirm}
          </div>
        </RadixAlertDialog.Content>
      </RadixAlertDialog.Portal>
    </RadixAlertDialog.Root>
  );
}
