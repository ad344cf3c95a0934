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
import type { LazyDialogProps } from "@/components/ui/lazy";
import { SegmentedControl } from "@/components/ui/segmented-control";

const themeOptions = THEME_CHOICES.map((value) => ({ value, label: themeWords[value] }));
const unitOptions: ReadonlyArray<{ value: DistanceUnit; label: string }> = [
  { value: "km", label: unitWords.km },
  { value: "mi", label: unitWords.mi },
];

/**
 * The shell's display preferences: the colour theme (System follows the device) and the unit
 * distances are shown and typed in. Both are kept in this browser (localStorage), not on the
 * account: they describe the screen and the reader, not the data. Fetched with the first move
 * towards its button (display-preferences.tsx).
 */
export default function DisplayPreferencesPopover({ trigger }: LazyDialogProps) {
  const theme = useThemeChoice();
  const unit = useDistanceUnit();
  return (
    <Popover.Root>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
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
