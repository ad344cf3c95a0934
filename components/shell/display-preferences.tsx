"use client";

import { lazyDialog } from "@/components/ui/lazy";
import { DisplayPreferencesButton } from "@/components/shell/display-preferences-button";

/** The shell's display preferences (display-preferences-popover.tsx), fetched on first intent. */
export const DisplayPreferences = lazyDialog<object>(
  () => import("@/components/shell/display-preferences-popover"),
  {
    trigger: () => <DisplayPreferencesButton />,
  },
);
