"use client";

import { useEditor } from "@/components/listing/preferences/editor-context";
import {
  SettingGroup,
  SettingsSection,
  SwitchField,
  TextField,
} from "@/components/listing/preferences/field-parts";

/** Automatic posting, the base price and its adjustment, and the price limits. */
export function PriceSections() {
  const { idPrefix, currency, channel } = useEditor();
  return (
    <>
      <SettingsSection id={`${idPrefix}-posting`} title="Automatic posting">
        <SettingGroup setting="pricing_enabled" label="Automatic posting">
          <SwitchField
            name="pricing_enabled"
            setting="pricing_enabled"
            label={`Post prices to ${channel} automatically`}
            hint="When off, the service keeps computing recommendations but posts nothing until you turn it back on or sync."
          />
        </SettingGroup>
      </SettingsSection>

      <SettingsSection id={`${idPrefix}-base`} title="Base price">
        <div className="flex flex-wrap gap-x-6 gap-y-3">
          <SettingGroup setting="base_price" label="Base price">
            <TextField
              name="base_price"
              setting="base_price"
              label="Base price"
              unit={currency}
              hint="Leave empty to follow the service's base price recommendation."
            />
          </SettingGroup>
          <SettingGroup setting="base_price_adjustment" label="Base price adjustment">
            <TextField
              name="base_price_adjustment"
              setting="base_price_adjustment"
              label="Adjustment"
              unit="%"
              hint="Moves the base price up or down (10 is 10% above). Empty for none."
            />
          </SettingGroup>
        </div>
      </SettingsSection>

      <SettingsSection id={`${idPrefix}-limits`} title="Price limits">
        <div className="flex flex-wrap gap-x-6 gap-y-3">
          <SettingGroup setting="min_price" label="Minimum price">
            <TextField
              name="min_price"
              setting="min_price"
              label="Minimum price"
              unit={currency}
              hint="No night is priced below it. Empty for none."
            />
          </SettingGroup>
          <SettingGroup setting="max_price" label="Maximum price">
            <TextField
              name="max_price"
              setting="max_price"
              label="Maximum price"
              unit={currency}
              hint="No night is priced above it. Empty for none."
            />
          </SettingGroup>
        </div>
      </SettingsSection>
    </>
  );
}
