"use client";

import { lazyDialog } from "@/components/ui/lazy";
import { SectionMenuButton } from "./section-menu-button";
import type { SectionMenuProps } from "./section-menu-dialog";

/** The narrow screens' Menu (section-menu-dialog.tsx), fetched on the first move towards it. */
export const SectionMenu = lazyDialog<SectionMenuProps>(() => import("./section-menu-dialog"), {
  trigger: ({ className }) => <SectionMenuButton className={className} />,
});
