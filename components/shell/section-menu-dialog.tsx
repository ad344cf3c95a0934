"use client";

import { usePathname } from "next/navigation";
import { Dialog } from "radix-ui";
import { useState, type ReactNode } from "react";
import type { LazyDialogProps } from "@/components/ui/lazy";
import { Nav } from "@/components/shell/nav";

export type SectionMenuProps = { account: ReactNode; className?: string };

/**
 * Below the `md` breakpoint the sections and the less-used header parts (who is signed in,
 * the API budget, sign out) live behind one Menu button: a Radix dialog sliding in from the
 * left, so focus stays inside while it is open, Escape closes it and focus returns to the
 * button. It closes when a section is chosen. Fetched with the first move towards the button
 * (section-menu.tsx).
 */
export default function SectionMenuDialog({ account, trigger }: SectionMenuProps & LazyDialogProps) {
  const pathname = usePathname();
  // Open "at" a path: navigating anywhere else (a link, the back button) closes it without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => setOpenAt(next ? pathname : null)}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/30" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-[min(85vw,20rem)] flex-col gap-4 overflow-y-auto bg-white p-4 shadow-xl">
          <div className="flex items-center justify-between gap-2">
            <Dialog.Title className="px-3 text-base font-bold text-brand-700">Menu</Dialog.Title>
            <Dialog.Close
              aria-label="Close menu"
              className="rounded-md px-2 py-1 text-lg leading-none text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              ×
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            The dashboard&apos;s sections and your account
          </Dialog.Description>
          <Nav onNavigate={() => setOpenAt(null)} />
          <div className="space-y-3 border-t border-slate-200 px-3 pt-4">{account}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
