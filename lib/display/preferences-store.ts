import { useSyncExternalStore } from "react";
import { defaultUnitFor, isDistanceUnit, type DistanceUnit } from "@/lib/display/distance";
import {
  readStored as read,
  subscribeStored as subscribe,
  writeStored as write,
} from "@/lib/shell/browser-storage";
import { isThemeChoice, resolveTheme, THEME_STORAGE_KEY, type ThemeChoice } from "@/lib/display/theme";

/**
 * The display preferences (theme, distance unit) as React state backed by localStorage, so
 * that every component reading them agrees and a choice survives reloads. Other tabs'
 * changes and this tab's both arrive through `lib/shell/browser-storage.ts`.
 */

export const UNIT_STORAGE_KEY = "rd-distance-unit";

export function readThemeChoice(): ThemeChoice {
  const stored = read(THEME_STORAGE_KEY);
  return isThemeChoice(stored) ? stored : "system";
}

/** Stores the choice and applies it at once (the inline script only runs on load). */
export function setThemeChoice(choice: ThemeChoice) {
  const systemDark = window.matchMedia("(prefers-color-scheme: dark)").matches;
  document.documentElement.setAttribute("data-theme", resolveTheme(choice, systemDark));
  write(THEME_STORAGE_KEY, choice);
}

export function readDistanceUnit(): DistanceUnit {
  const stored = read(UNIT_STORAGE_KEY);
  return isDistanceUnit(stored) ? stored : defaultUnitFor(navigator.language);
}

export function setDistanceUnit(unit: DistanceUnit) {
  write(UNIT_STORAGE_KEY, unit);
}

/** The server cannot know the reader's locale or storage: it renders System and km. */
export const useThemeChoice = () => useSyncExternalStore(subscribe, readThemeChoice, () => "system" as const);

export const useDistanceUnit = () =>
  useSyncExternalStore(subscribe, readDistanceUnit, () => "km" as DistanceUnit);
