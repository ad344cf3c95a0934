import { useSyncExternalStore } from "react";
import { defaultUnitFor, isDistanceUnit, type DistanceUnit } from "./distance";
import { isThemeChoice, resolveTheme, THEME_STORAGE_KEY, type ThemeChoice } from "./theme";

/**
 * The display preferences (theme, distance unit) as React state backed by localStorage, so
 * that every component reading them agrees and a choice survives reloads. Other tabs'
 * changes arrive through the `storage` event; this tab's through CHANGE_EVENT.
 */

export const UNIT_STORAGE_KEY = "rd-distance-unit";
const CHANGE_EVENT = "rd-display-preferences";

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode, quota): the choice still holds for this page.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void) {
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

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
