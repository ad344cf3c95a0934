"use client";

import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { useNarrow } from "@/components/shell/use-narrow";

/**
 * Where the night details sit. On a wide screen, sticky above the months, following the night
 * hovered or chosen. Below `md` they would cover a third of a phone's screen, so they open as a
 * bottom sheet when a night is chosen: a modal dialog with a close button, closed by Escape or
 * a tap outside, giving focus back to the night.
 */
export function NightDetailsPlace({
  date,
  open,
  onClose,
  children,
}: {
  /** The night shown: its square takes the focus back when the sheet closes. */
  date: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const narrow = useNarrow();
  if (!narrow) return <div className="sticky top-2 z-10">{children}</div>;
  return (
    <>
      <p className="text-sm text-slate-600">Tap a night to see its details.</p>
      <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/30" />
          <Dialog.Content
            data-testid="night-sheet"
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              document.querySelector<HTMLElement>(`button[data-date="${date}"]`)?.focus();
            }}
            className="fixed inset-x-0 bottom-0 z-50 max-h-[75vh] space-y-2 overflow-y-auto rounded-t-xl bg-white p-3 shadow-xl"
          >
            <div className="flex items-center justify-between gap-2">
              <Dialog.Title className="text-sm font-semibold text-slate-700">Night details</Dialog.Title>
              <Dialog.Close
                aria-label="Close night details"
                className="rounded-md px-2 py-1 text-lg leading-none text-slate-500 hover:bg-slate-100 hover:text-slate-900"
              >
                {"\u00d7"}
              </Dialog.Close>
            </div>
            <Dialog.Description className="sr-only">
              The chosen night&apos;s figures. Close to go back to the calendar.
            </Dialog.Description>
            {children}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
