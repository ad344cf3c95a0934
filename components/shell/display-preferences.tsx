"use client";

import { Popover } from "radix-ui";
import { unitWords, type DistanceUnit } from "@/lib/display/distance";
import {
  setDistanceUnit,
  setThemeChoice,
  useDistanceUnit,
  useThemeChoice,
} from "@/lib/display/preferences-store";
import { THEME_CHOICES, themeWords, type ThemeChoice } from "@/lib/display/theme";
import { SegmentedControl } from "../ui/segmented-control";

const themeOptions = THEME_CHOICES.map((value) => ({ value, label: themeWords[value] }));
const unitOptions: ReadonlyArray<{ value: DistanceUnit; label: string }> = [
  { value: "km", label: unitWords.km },
  { value: "mi", label: unitWords.mi },
];

/**
 * The shell's display preferences: the colour theme (System follows the device) and the unit
 * distances are shown and typed in. Both are kept in this browser (localStorage), not on the
 * account: they describe the screen and the reader, not the data.
 */
export function DisplayPreferences() {
  const theme = useThemeChoice();
  const unit = useDistanceUnit();
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <button
          type="button"
          aria-label="Display preferences"
          className="inline-flex h-9 w-9 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          {/* A half-filled circle: light and dark. */}
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5">
            <circle cx="10" cy="10" r="7" fill="none" stroke="currentColor" strokeWidth="1.6" />
            <path d="M10 3a7 7 0 0 1 0 14Z" fill="currentColor" />
          </svg>
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          aria-label="Display preferences"
          className="z-50 w-80 space-y-4 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-lg"
        >
          <div className="space-y-1.5">
            <p className="font-medium text-slate-900">Theme</p>
            <SegmentedControl<ThemeChoice>
              label="Theme"
              value={theme}
              options={themeOptions}
              onValueChange={setThemeChoice}
            />
            <p className="text-xs text-slate-600">System follows your device&apos;s light or dark setting.</p>
          </div>
          <div className="space-y-1.5">
            <p className="font-medium text-slate-900">Distances</p>
            <SegmentedControl<DistanceUnit>
              label="Distances"
              value={unit}
              options={unitOptions}
              onValueChange={setDistanceUnit}
            />
            <p className="text-xs text-slate-600">
              Shown and typed in this unit; the first choice follows your browser&apos;s language.
            </p>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
