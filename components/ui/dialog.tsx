"use client";

import { Dialog as RadixDialog } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/**
 * How wide the dialog is: `md` for short forms, `lg` for longer forms, `xl` for a table to pick
 * from. Each stays inside a narrow viewport.
 */
export type DialogSize = "md" | "lg" | "xl";

const widths: Record<DialogSize, string> = {
  md: "w-[min(92vw,28rem)]",
  lg: "w-[min(94vw,42rem)]",
  xl: "w-[min(96vw,72rem)]",
};

/**
 * A modal dialog (Radix: focus trap, Escape to close, labelled by its title). It never grows
 * past 90% of the viewport's height: a longer body scrolls inside it, the title staying put.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  trigger,
  children,
  size = "md",
  keepOpenOnOutsideClick = false,
  closeButton = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  trigger: ReactNode;
  children: ReactNode;
  size?: DialogSize;
  /**
   * For content shown once (a new secret) or a half-made selection: a stray click outside
   * must not lose it.
   */
  keepOpenOnOutsideClick?: boolean;
  /** A "×" Close button beside the title, for bodies without their own Cancel. */
  closeButton?: boolean;
}) {
  const heading = (
    <>
      <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
      {description ? (
        <RadixDialog.Description className="mt-1 text-sm text-slate-600">
          {description}
        </RadixDialog.Description>
      ) : (
        <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
      )}
    </>
  );
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/30" />
        <RadixDialog.Content
          onInteractOutside={keepOpenOnOutsideClick ? (event) => event.preventDefault() : undefined}
          className={cn(
            "fixed left-1/2 top-1/2 z-50 flex max-h-[90vh] -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-white p-5 shadow-xl",
            widths[size],
          )}
        >
          {closeButton ? (
            <div className="flex items-start justify-between gap-4">
              <div>{heading}</div>
              <RadixDialog.Close
                aria-label="Close"
                className="rounded-md px-2 py-1 text-lg leading-none text-slate-500 hover:bg-slate-100 hover:text-slate-900"
              >
                ×
              </RadixDialog.Close>
            </div>
          ) : (
            heading
          )}
          {/* The padding, cancelled by the negative margins, leaves room for focus outlines the
              scrolling box would otherwise clip; the spacing stays that of mt-4. */}
          <div className="-mx-1 -mb-1 mt-3 min-h-0 overflow-y-auto p-1">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
