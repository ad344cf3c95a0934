"use client";

import type { ReactNode } from "react";
import { intentLoader, LoadOnIntent } from "../ui/load-on-intent";
import { SectionMenuButton } from "./section-menu-button";
import type { SectionMenuProps } from "./section-menu-dialog";

const menuDialog = intentLoader<SectionMenuProps>(() => import("./section-menu-dialog"));

/** The narrow screens' Menu (section-menu-dialog.tsx), fetched on the first move towards it. */
export function SectionMenu({ account, className }: { account: ReactNode; className?: string }) {
  return (
    <LoadOnIntent
      loader={menuDialog}
      closed={(trigger) => <SectionMenuButton className={className} {...trigger} />}
      props={{ account, className }}
    />
  );
}
