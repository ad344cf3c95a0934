"use client";

import { lazyDialog } from "@/components/ui/lazy";
import { SectionMenuButton } from "@/components/shell/section-menu-button";
import type { SectionMenuProps } from "@/components/shell/section-menu-dialog";

/** The narrow screens' Menu (section-menu-dialog.tsx), fetched on the first move towards it. */
export const SectionMenu = lazyDialog<SectionMenuProps>(
  () => import("@/components/shell/section-menu-dialog"),
  {
    trigger: ({ className }) => <SectionMenuButton className={className} />,
  },
);
