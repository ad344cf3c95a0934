"use client";

import { intentLoader, LoadOnIntent } from "../ui/load-on-intent";
import { DisplayPreferencesButton } from "./display-preferences-button";

const preferencesPopover = intentLoader<object>(() => import("./display-preferences-popover"));

/** The shell's display preferences (display-preferences-popover.tsx), fetched on first intent. */
export function DisplayPreferences() {
  return (
    <LoadOnIntent
      loader={preferencesPopover}
      closed={(trigger) => <DisplayPreferencesButton {...trigger} />}
      props={{}}
    />
  );
}
