"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { MIN_TOTAL_FEE_PERCENTAGE } from "@/lib/svc/schemas/preferences";
import type { PreferencesFormValues } from "@/lib/listing/preferences/form";
import { Button } from "@/components/ui/button";
import { useEditor } from "@/components/listing/preferences/editor-context";
import {
  SettingGroup,
  SettingsSection,
  SwitchField,
  TextField,
  useSettingState,
} from "@/components/listing/preferences/field-parts";

/** Fees and guests, fee adjustments (set, or cleared to null), and the nickname. */
export function FeeSections() {
  const { idPrefix, currency } = useEditor();
  return (
    <>
      <SettingsSection id={`${idPrefix}-fees`} title="Fees and guests">
        <SettingGroup setting="fees" label="Fees">
          <div className="flex flex-wrap gap-x-6 gap-y-3">
            <TextField
              name="fees.cleaning_fee"
              setting="fees"
              label="Cleaning fee"
              unit={currency}
              hint="Empty for none."
            />
            <TextField
              name="fees.extra_guest_fee"
              setting="fees"
              label="Extra guest fee"
              unit={currency}
              hint="Per guest beyond those included, per night."
            />
          </div>
        </SettingGroup>
        <SettingGroup setting="guests_included" label="Guests included">
          <TextField
            name="guests_included"
            setting="guests_included"
            label="Guests included"
            unit="guests"
            inputMode="numeric"
            hint="Guests the nightly price covers before the extra guest fee."
          />
        </SettingGroup>
      </SettingsSection>

      <FeeAdjustmentsSection />

      <SettingsSection id={`${idPrefix}-nickname`} title="Nickname">
        <SettingGroup setting="nickname" label="Nickname">
          <TextField
            name="nickname"
            setting="nickname"
            label="Nickname"
            inputMode="text"
            width="w-64"
            hint="A short name of your own for this listing. Empty for none."
          />
        </SettingGroup>
      </SettingsSection>
    </>
  );
}

function FeeAdjustmentsSection() {
  const { idPrefix } = useEditor();
  const { control, setValue } = useFormContext<PreferencesFormValues>();
  const isSet = useWatch({ control, name: "fee_adjustments.set" });
  const { disabled } = useSettingState("fee_adjustments");
  const toggle = (next: boolean) =>
    setValue("fee_adjustments.set", next, { shouldDirty: true, shouldValidate: !next });

  return (
    <SettingsSection id={`${idPrefix}-fee-adjustments`} title="Fee adjustments">
      <SettingGroup setting="fee_adjustments" label="Fee adjustments">
        {isSet ? (
          <>
            <TextField
              name="fee_adjustments.total_fee_percentage"
              setting="fee_adjustments"
              label="Total fee percentage"
              unit="%"
              hint={`The estimated share of fees guests pay on top of the nightly rate; at least ${MIN_TOTAL_FEE_PERCENTAGE}%.`}
            />
            <SwitchField
              name="fee_adjustments.auto_update"
              setting="fee_adjustments"
              label="Update weekly from recent reservations"
            />
            <Button variant="secondary" disabled={disabled} onClick={() => toggle(false)}>
              Clear fee adjustments
            </Button>
          </>
        ) : (
          <>
            <p className="text-sm text-slate-600">
              No fee adjustment: prices do not account for fees guests pay on top.
            </p>
            <Button variant="secondary" disabled={disabled} onClick={() => toggle(true)}>
              Set a fee adjustment
            </Button>
          </>
        )}
      </SettingGroup>
    </SettingsSection>
  );
}
