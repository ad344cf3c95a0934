"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { factorToPercent, type PreferencesFormValues } from "@/lib/listing/preferences/form";
import { useEditor } from "@/components/listing/preferences/editor-context";
import {
  SettingGroup,
  SettingsSection,
  SwitchField,
  TextField,
} from "@/components/listing/preferences/field-parts";
import { WeekdayPicker } from "@/components/listing/preferences/weekday-picker";

/** Minimum stay, check-in and checkout days, and long-term discounts. */
export function StaySections() {
  const { idPrefix, discountForm, channel } = useEditor();
  const { control } = useFormContext<PreferencesFormValues>();
  const restricted = useWatch({ control, name: "checkin_checkout.restricted" });
  const factors = discountForm === "weekly_monthly";

  return (
    <>
      <SettingsSection id={`${idPrefix}-stay`} title="Stay rules">
        <SettingGroup setting="min_stay" label="Minimum stay">
          <TextField
            name="min_stay"
            setting="min_stay"
            label="Minimum stay"
            unit="nights"
            inputMode="numeric"
            hint="Shortest stay a guest can book. Empty for none."
          />
        </SettingGroup>
        <SettingGroup setting="checkin_checkout" label="Check-in and checkout days">
          <SwitchField
            name="checkin_checkout.restricted"
            setting="checkin_checkout"
            label="Restrict check-in and checkout days"
          />
          {restricted ? (
            <div className="space-y-3 pt-1">
              <WeekdayPicker name="checkin_checkout.checkin_days" legend="Check-in days" />
              <WeekdayPicker name="checkin_checkout.checkout_days" legend="Checkout days" />
            </div>
          ) : (
            <p className="text-xs text-slate-600">Guests may arrive and leave on any day.</p>
          )}
        </SettingGroup>
      </SettingsSection>

      <SettingsSection id={`${idPrefix}-discounts`} title="Long-term discounts">
        <SettingGroup setting="long_term_discounts" label="Long-term discounts">
          {factors ? (
            <p className="text-xs text-slate-600">
              {channel} takes long-term discounts as price factors: 0.9 charges 90% of the nightly price.
            </p>
          ) : null}
          <div className="flex flex-wrap gap-x-6 gap-y-3">
            <TextField
              name="long_term_discounts.weekly_percent"
              setting="long_term_discounts"
              label={factors ? "Weekly price factor" : "Weekly discount"}
              unit={factors ? "×" : "%"}
              hint={<DiscountHint which="weekly_percent" nights={7} />}
            />
            <TextField
              name="long_term_discounts.monthly_percent"
              setting="long_term_discounts"
              label={factors ? "Monthly price factor" : "Monthly discount"}
              unit={factors ? "×" : "%"}
              hint={<DiscountHint which="monthly_percent" nights={28} />}
            />
          </div>
        </SettingGroup>
      </SettingsSection>
    </>
  );
}

/** For stays of N nights or more; on a factor channel, the discount the factor means. */
function DiscountHint({ which, nights }: { which: "weekly_percent" | "monthly_percent"; nights: number }) {
  const { discountForm } = useEditor();
  const { control } = useFormContext<PreferencesFormValues>();
  const value = useWatch({ control, name: `long_term_discounts.${which}` });
  const factor = Number(value);
  const meaning =
    discountForm === "weekly_monthly" && value?.trim() && factor > 0 && factor <= 1
      ? ` That is ${factorToPercent(factor)}% off.`
      : "";
  return (
    <>
      For stays of {nights} nights or more. Empty for none.{meaning}
    </>
  );
}
